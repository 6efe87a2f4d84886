import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './identity.ts';

/**
 * A user's passkeys (WebAuthn public-key credentials). `credentialId` and `publicKey` are
 * base64url; `counter` is the authenticator's signature counter as last seen, so a cloned
 * authenticator that falls behind it is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    passkeyId: uuid('passkey_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** What the browser said the authenticator speaks (`internal`, `usb`, `hybrid` …): a hint for sign-in. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Synced between devices (a multi-device credential), as the authenticator said. */
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony under way: the challenge the server sent, kept here and never taken
 * from the client. `ceremonyHash` is the SHA-256 of the secret in the starting browser's
 * cookie, so only that browser can finish it; a registration or a proof also names the
 * user (and the registration the session) it was started for. A row is deleted as it is
 * used, so a challenge answers once.
 */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    ceremonyHash: text('ceremony_hash').primaryKey(),
    /** `register`, `sign-in` or `proof`. */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.sessionId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_ceremonies_expires_idx').on(t.expiresAt)],
);
