import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * The one job queue of the server: webhooks, emails and the timers to come. A job is a row of
 * `jobs`, written with `enqueue` in the transaction of the change that makes it due, so a
 * rolled-back change leaves none and a committed one never loses it (an outbox).
 *
 * Why our own table and not pg-boss or graphile-worker: both need node-postgres pools (and
 * graphile-worker its own LISTEN connection and schema functions), so neither runs on PGlite,
 * the embedded default with its one in-process session. This queue is plain SQL that runs the
 * same on both drivers: a runner claims due rows in batches with `FOR UPDATE SKIP LOCKED`,
 * so several instances on one PostgreSQL never take the same job, and holds each for a lease
 * (`locked_until`): a job claimed by a process that was killed is taken again once its lease
 * ends. The claim's number (`attempts`) fences the job, so a runner whose lease ran out cannot
 * finish a job that another has claimed since.
 *
 * A finished job is deleted. A handler that throws is retried after a growing delay, and given
 * up (logged, deleted) after `maxAttempts`. A handler may also finish its job or set its next
 * run itself, in its own statement (`job.complete`, `job.retryAt`), so that what it records
 * and the job's state change together. Runners poll every `pollIntervalMs` and are woken at
 * once after a commit in this process that enqueued (`wakeQueue`); `stop` waits for the jobs
 * under way.
 */

export type JobRow = typeof jobs.$inferSelect;

/** Enqueues a job in `tx`, the transaction (or statement) of the change that makes it due. */
export async function enqueue(
  tx: Executor,
  queue: string,
  payload: unknown,
  options: { runAt?: Date } = {},
): Promise<void> {
  await tx.insert(jobs).values({ queue, payload, ...(options.runAt ? { runAt: options.runAt } : {}) });
  wakeQueue(queue);
}

/** Jobs per statement in `enqueueAll`: a statement takes at most 65,535 parameters. */
const ENQUEUE_BATCH = 1000;

/** Enqueues one job of `queue` per payload in `tx`, a statement per thousand; none for none. */
export async function enqueueAll(tx: Executor, queue: string, payloads: unknown[]): Promise<void> {
  if (payloads.length === 0) return;
  for (let i = 0; i < payloads.length; i += ENQUEUE_BATCH)
    await tx.insert(jobs).values(payloads.slice(i, i + ENQUEUE_BATCH).map((payload) => ({ queue, payload })));
  wakeQueue(queue);
}

/**
 * The SQL of an insert of a job, for a statement of its own (the audit outbox's `WITH`).
 * `payload` is an SQL expression of type jsonb.
 */
export function jobInsert(queue: string, payload: SQL, from: SQL): SQL {
  return sql`insert into ${jobs} (queue, payload) select ${queue}, ${payload} ${from}`;
}

/** The SQL that deletes each of `claimed` that is still its claim's: one statement for a batch. */
export function completionOf(claimed: ClaimedJob[]): SQL {
  return sql`delete from ${jobs} where (id, attempts) in (${sql.join(
    claimed.map((job) => sql`(${job.id}::bigint, ${job.attempt}::int)`),
    sql`, `,
  )})`;
}

/** Runners of this process, per queue, told when a commit here has enqueued for them. */
const wakers = new Map<string, Set<() => void>>();

/**
 * Tells this process's runners of `queue` that a job may be due now. Harmless when the job is
 * not yet committed (the claim then finds nothing, and the next poll takes it).
 */
export function wakeQueue(queue: string): void {
  for (const wake of wakers.get(queue) ?? []) wake();
}

/** A claimed job, as its handler gets it. */
export type ClaimedJob<P = unknown> = {
  id: number;
  queue: string;
  payload: P;
  /** This claim's number: 1 on the first run. */
  attempt: number;
  createdAt: Date;
  /** The SQL that deletes this job, if still this claim's: a part of the handler's own statement. */
  completion(): SQL;
  /** The SQL that sets this job's next run at `at` and lets it go: likewise. */
  rescheduling(at: Date, error?: string): SQL;
  /** Marks the job as finished or rescheduled by the handler (in its statement), so the runner leaves it. */
  settled(): void;
};

export type JobHandler<P = unknown> = (job: ClaimedJob<P>) => Promise<void>;
/** A handler of the jobs one claim took, together: one read and one write for many. */
export type BatchHandler<P = unknown> = (jobs: ClaimedJob<P>[]) => Promise<void>;

export type QueueOptions = {
  /** Jobs of this queue run at most this many at once in this process. */
  concurrency?: number;
  /** How long a claim holds a job: longer than the handler can take. */
  leaseMs?: number;
  /** Claims before a failing job is given up. */
  maxAttempts?: number;
  /** The delay before the next run after the `attempt`th failed. */
  backoffMs?: (attempt: number) => number;
};

const DEFAULTS: Required<QueueOptions> = {
  concurrency: 4,
  leaseMs: 60_000,
  maxAttempts: 10,
  backoffMs: (attempt) => Math.min(3_600_000, 1_000 * 2 ** attempt),
};

/** Jobs claimed per round trip, at most. */
const CLAIM_BATCH = 50;

/** A queue's handler, given a claim's jobs together, or each alone (`perJob`) so one's failure is its own. */
type Queue = { name: string; handler: BatchHandler; perJob: boolean; options: Required<QueueOptions> };

type ClaimedRow = { id: string | number; payload: unknown; attempts: number; created_at: string | Date };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A queue's backlog at a moment (`JobRunner.backlog`). */
export type QueueBacklog = { queue: string; depth: number; oldestDueSeconds: number };

/**
 * Runs the registered queues' jobs in this process. `start` begins polling; `stop` ends it and
 * waits for the jobs under way, so nothing touches a closed database.
 */
export class JobRunner {
  private readonly queues = new Map<string, Queue>();
  private loops: QueueLoop[] = [];

  constructor(
    private readonly db: Database,
    private readonly onError: (err: unknown, job?: { queue: string; id: number }) => void = () => {},
  ) {}

  /** Jobs of `queue` run one per call of `handler`, up to `concurrency` at once. */
  register<P>(queue: string, handler: JobHandler<P>, options: QueueOptions = {}): void {
    this.add(queue, async ([job]) => handler(job as ClaimedJob<P>), true, options);
  }

  /**
   * Jobs of `queue` go to `handler` as each claim took them (up to 50, and no more than the
   * free slots of `concurrency`), so it can read and write for all of them at once; a job
   * it leaves unsettled is finished when it returns, and all of them fail if it throws.
   */
  registerBatch<P>(queue: string, handler: BatchHandler<P>, options: QueueOptions = {}): void {
    this.add(queue, handler as BatchHandler, false, options);
  }

  private add(queue: string, handler: BatchHandler, perJob: boolean, options: QueueOptions): void {
    if (this.loops.length > 0) throw new Error('register the queues before start');
    this.queues.set(queue, { name: queue, handler, perJob, options: { ...DEFAULTS, ...options } });
  }

  start(pollIntervalMs: number): void {
    if (this.loops.length > 0) return;
    this.loops = [...this.queues.values()].map(
      (q) => new QueueLoop(this.db, q, pollIntervalMs, this.onError),
    );
    for (const loop of this.loops) loop.start();
  }

  /** Stops claiming and waits for the jobs under way to end. */
  async stop(): Promise<void> {
    const loops = this.loops;
    this.loops = [];
    await Promise.all(loops.map((loop) => loop.stop()));
  }

  /**
   * Each queue's jobs not yet finished (due, running or later), and how long the oldest due one
   * that no runner holds has waited past its run time (0 when none): the metrics read it at a
   * scrape. The registered queues are always there, so an empty one reads 0, not nothing.
   */
  async backlog(): Promise<QueueBacklog[]> {
    const rows = rowsOf<QueueBacklog>(
      await this.db.execute(sql`
        select queue, count(*)::int as depth,
          coalesce(extract(epoch from now() - min(run_at) filter (
            where run_at <= now() and (locked_until is null or locked_until <= now())
          )), 0)::float8 as "oldestDueSeconds"
        from ${jobs} group by queue`),
    );
    const found = new Map(rows.map((r) => [r.queue, r]));
    for (const queue of this.queues.keys())
      if (!found.has(queue)) found.set(queue, { queue, depth: 0, oldestDueSeconds: 0 });
    return [...found.values()];
  }
}

/** One queue's claims: as many jobs as it has free slots, again as each ends or the poll comes. */
class QueueLoop {
  running = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private claiming: Promise<void> | undefined;
  private again = false;
  private readonly wake = () => this.claim();

  constructor(
    private readonly db: Database,
    private readonly queue: Queue,
    private readonly pollIntervalMs: number,
    private readonly onError: (err: unknown, job?: { queue: string; id: number }) => void,
  ) {}

  start(): void {
    const set = wakers.get(this.queue.name) ?? new Set();
    wakers.set(this.queue.name, set);
    set.add(this.wake);
    if (this.pollIntervalMs > 0) {
      this.timer = setInterval(this.wake, this.pollIntervalMs);
      this.timer.unref();
    }
    this.claim();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    wakers.get(this.queue.name)?.delete(this.wake);
    await this.claiming;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Claims while there are free slots and due jobs; one claim at a time, another after it if asked meanwhile. */
  private claim(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claimRounds()
      .catch((err) => this.onError(err))
      .finally(() => {
        this.claiming = undefined;
        if (this.again) {
          this.again = false;
          this.claim();
        }
      });
  }

  private async claimRounds(): Promise<void> {
    const { concurrency, leaseMs } = this.queue.options;
    while (!this.stopped) {
      const free = Math.min(CLAIM_BATCH, concurrency - this.running);
      if (free <= 0) return;
      const claimed = rowsOf<ClaimedRow>(
        await this.db.execute(sql`
          update ${jobs} set attempts = attempts + 1,
            locked_until = now() + ${leaseMs} * interval '1 millisecond'
          where id in (
            select id from ${jobs}
            where queue = ${this.queue.name} and run_at <= now()
              and (locked_until is null or locked_until <= now())
            order by run_at, id
            limit ${free}
            for update skip locked)
          returning id, payload, attempts, created_at`),
      );
      if (this.queue.perJob) for (const row of claimed) this.run([row]);
      else if (claimed.length > 0) this.run(claimed);
      if (claimed.length < free) return;
    }
  }

  private run(rows: ClaimedRow[]): void {
    const settled = new Set<number>();
    const claimed: ClaimedJob[] = rows.map((row) => {
      const id = Number(row.id);
      const attempt = row.attempts;
      const fence = sql`id = ${id} and attempts = ${attempt}`;
      return {
        id,
        queue: this.queue.name,
        payload: row.payload,
        attempt,
        createdAt: new Date(row.created_at),
        completion: () => sql`delete from ${jobs} where ${fence}`,
        rescheduling: (at, error) =>
          sql`update ${jobs} set run_at = ${at.toISOString()}, locked_until = null, last_error = ${error ?? null} where ${fence}`,
        settled: () => {
          settled.add(id);
        },
      };
    });
    this.running += claimed.length;
    const done = (async () => {
      try {
        await this.queue.handler(claimed);
        const open = claimed.filter((job) => !settled.has(job.id));
        if (open.length > 0) await this.db.execute(completionOf(open));
      } catch (err) {
        this.onError(err, { queue: this.queue.name, id: claimed[0]!.id });
        for (const job of claimed.filter((j) => !settled.has(j.id)))
          await this.failed(job, err).catch((e) => this.onError(e, { queue: this.queue.name, id: job.id }));
      }
    })().finally(() => {
      this.running -= claimed.length;
      this.inFlight.delete(done);
      this.claim();
    });
    this.inFlight.add(done);
  }

  /** A handler threw: the job runs again after its backoff, or is given up after its last attempt. */
  private async failed(job: ClaimedJob, err: unknown): Promise<void> {
    const { maxAttempts, backoffMs } = this.queue.options;
    if (job.attempt >= maxAttempts) {
      await this.db.execute(job.completion());
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    await this.db.execute(
      job.rescheduling(new Date(Date.now() + backoffMs(job.attempt)), message.slice(0, 1000)),
    );
  }
}
