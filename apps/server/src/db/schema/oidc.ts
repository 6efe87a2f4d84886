import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicationClients } from './application-clients.ts';

/**
 * Every artefact oidc-provider keeps (sessions, interactions, codes, tokens, grants, replay
 * records), one row per model and id. Nothing lives in process memory, so any instance on
 * the same database can continue a flow another one started.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    /** Set for the artefacts of one grant, so revoking the grant finds them all. */
    grantId: text('grant_id'),
    /**
     * The account an artefact belongs to, so ending a user's access finds them all: sessions,
     * grants, codes and tokens name it, an interaction once its login is done (or in the
     * session it started from). Computed by the database from the payload, so no writer,
     * this version's or an earlier one's, can leave it out.
     */
    accountId: text('account_id').generatedAlwaysAs(
      sql`coalesce(payload->>'accountId', payload->'result'->'login'->>'accountId', payload->'session'->>'accountId')`,
    ),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  // The lookups by grant, account, uid and user code name a value, so their indexes hold only
  // the rows that have one: a client-credentials token, which has none of them, costs the
  // primary key and the expiry index alone to write.
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId).where(sql`${t.grantId} is not null`),
    index('oidc_payloads_account_idx').on(t.accountId).where(sql`${t.accountId} is not null`),
    index('oidc_payloads_uid_idx').on(t.uid).where(sql`${t.uid} is not null`),
    index('oidc_payloads_user_code_idx').on(t.userCode).where(sql`${t.userCode} is not null`),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The provider's signing keys: private JWKs sealed with the server key (AES-256-GCM). The
 * newest unretired key signs; a retired key stays published until `publishedUntil`, when
 * every token it signed has expired.
 */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  /** base64url(iv | tag | ciphertext) of the private JWK. */
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  publishedUntil: timestamp('published_until', { withTimezone: true }),
});

/**
 * A client's secrets: at most two active ones during a rotation. Only the SHA-256 is kept;
 * the secret has 256 bits of entropy, so a slow hash would add cost and no safety.
 */
export const clientSecrets = pgTable(
  'client_secrets',
  {
    secretId: uuid('secret_id').primaryKey().defaultRandom(),
    acId: uuid('ac_id')
      .notNull()
      .references(() => applicationClients.acId, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('client_secrets_ac_idx').on(t.acId, t.createdAt)],
);
