import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for anonymous actions such as a failed sign-in. */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** The application of the changed record; null for platform-wide records (users, sign-ins). */
    applicationId: text('application_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
    /**
     * The credential the actor used when it was not a console session: `pat:<tokenId>` for a
     * personal access token, `client:<client_id>` for a service account's token.
     */
    via: text('via'),
    /**
     * The record's link in the hash chain (hex SHA-256 over the previous link and the
     * record), set by the sealer (lib/audit-chain.ts); null until then.
     */
    hash: text('hash'),
  },
  // The list reads newest first by id: the primary key serves the unfiltered list and its
  // cursor; each filter the list is asked for most has an index ending in the id, so a page
  // of it is read in order without sorting. That id is ascending, as in the key: read
  // backwards it gives `id desc` (nulls first), the order the list asks for; `id DESC NULLS
  // LAST` gave none, and every page sorted all its matches (migration 0020).
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_id_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_actor_id_idx').on(t.actorId, t.id),
    index('audit_log_actor_name_idx').on(t.actorName, t.id),
    index('audit_log_application_idx').on(t.applicationId, t.id),
    index('audit_log_request_idx').on(t.requestId),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * The state of the audit hash chain, one row (`id` 1): how far the sealer has linked, the
 * link the chain starts from after a purge, and the purge's lease.
 */
export const auditChain = pgTable('audit_chain', {
  id: integer('id').primaryKey().default(1),
  /** The greatest sealed record id, and its link: verification must end there. */
  sealedId: bigint('sealed_id', { mode: 'number' }).notNull().default(0),
  sealedHash: text('sealed_hash'),
  /**
   * The sealer's horizon in waiting: every id up to `pendingId` was handed out before the
   * transactions numbered below `pendingXid` began, so once those have all ended no record
   * up to it can still appear.
   */
  pendingId: bigint('pending_id', { mode: 'number' }),
  pendingXid: text('pending_xid'),
  /** The greatest purged record id, and its link: where verification of what is kept starts. */
  purgedId: bigint('purged_id', { mode: 'number' }).notNull().default(0),
  purgedHash: text('purged_hash'),
  /** When the last purge finished, and until when a running purge holds its lease. */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
  purgeLeaseUntil: timestamp('purge_lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
