import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';

export const applicationClients = pgTable(
  'application_clients',
  {
    acId: uuid('ac_id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    clientName: text('client_name').notNull(),
    /** The OAuth client_id: unique across all applications, since a token request names only it. */
    client: text('client').notNull(),
    /** The registration id. */
    id: text('id').notNull(),
    /**
     * SHA-256 (hex) of the secret. The secret is 32 random bytes, so a slow password hash
     * would add cost to every token request without making a guess any likelier.
     */
    secretHash: text('secret_hash'),
    /**
     * CONFIDENTIAL clients authenticate with a secret; PUBLIC ones (browser and native apps)
     * hold none and must use PKCE with S256.
     */
    clientType: text('client_type', { enum: ['CONFIDENTIAL', 'PUBLIC'] })
      .notNull()
      .default('CONFIDENTIAL'),
    redirectUrl: text('redirect_url'),
    /** Where a logout token is POSTed when a user's session ends (Back-Channel Logout 1.0); null for none. */
    backchannelLogoutUri: text('backchannel_logout_uri'),
    /** The logout token, and every ID token, carries the provider session's `sid`. */
    backchannelLogoutSessionRequired: boolean('backchannel_logout_session_required').notNull().default(false),
    /** Origins allowed (CORS) besides those of the redirect URIs, as the browser sends them. */
    webOrigins: text('web_origins').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('ENABLED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('application_clients_client_key').on(t.client),
    unique('application_clients_application_id_id_key').on(t.applicationId, t.id),
    index('application_clients_app_created_idx').on(
      t.applicationId,
      t.createdAt.desc().nullsFirst(),
      t.acId.desc().nullsFirst(),
    ),
  ],
);
