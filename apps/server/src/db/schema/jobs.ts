import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The job queue (lib/jobs.ts): work to do after a commit, written in the transaction that
 * makes it due, so none is lost and none outlives a rollback. A runner claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them for a lease (`locked_until`); a finished job is
 * deleted, a failed one waits for its next `run_at`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it: `webhook.fanout`, `webhook.deliver`, `mail` … */
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    /** When it is due: at once by default, later for a retry or a timer. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims so far; a claim's number is also its fence, so a runner whose lease ran out cannot finish it. */
    attempts: integer('attempts').notNull().default(0),
    /** Held by a runner until then; a runner that died lets it go when the lease ends. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_queue_run_at_idx').on(t.queue, t.runAt)],
);
