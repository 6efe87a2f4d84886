import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { jobs } from '../src/db/schema/index.ts';
import { enqueue, JobRunner } from '../src/lib/jobs.ts';
import { openTestDatabase, TEST_DB } from './helper.ts';
import { until } from './webhook-receiver.ts';

let handle: DatabaseHandle;
let url: string | undefined;
let drop: () => Promise<void>;
const runners: JobRunner[] = [];

beforeAll(async () => {
  ({ handle, url, drop } = await openTestDatabase());
  await migrateDatabase(handle);
});

afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await drop();
});

let serial = 0;
/** A queue name of this test's own, so no other runner takes its jobs. */
const queueName = () => `test.${++serial}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runner(db = handle.db): JobRunner {
  const r = new JobRunner(db);
  runners.push(r);
  return r;
}

async function left(queue: string) {
  return handle.db.select().from(jobs).where(eq(jobs.queue, queue));
}

describe('the job queue', () => {
  it('runs a job enqueued in a committed transaction, and never one whose transaction rolled back', async () => {
    const queue = queueName();
    const seen: unknown[] = [];
    const r = runner();
    r.register<{ n: number }>(queue, async (job) => {
      seen.push(job.payload.n);
    });
    r.start(50);
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueue(tx, queue, { n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await handle.db.transaction(async (tx) => enqueue(tx, queue, { n: 2 }));
    await until(() => seen.length > 0);
    await sleep(200);
    expect(seen).toEqual([2]);
    expect(await left(queue)).toEqual([]);
  });

  it('runs a job due later at its time, not before', async () => {
    const queue = queueName();
    const ran: number[] = [];
    const r = runner();
    r.register(queue, async () => {
      ran.push(Date.now());
    });
    r.start(50);
    const due = Date.now() + 400;
    await enqueue(handle.db, queue, {}, { runAt: new Date(due) });
    await until(() => ran.length > 0);
    expect(ran[0]).toBeGreaterThanOrEqual(due - 50);
  });

  it('retries a failing job after its backoff, and gives it up after its last attempt', async () => {
    const queue = queueName();
    const attempts: number[] = [];
    const r = runner();
    r.register(
      queue,
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`failure ${job.attempt}`);
      },
      { backoffMs: () => 50 },
    );
    const hopeless = queueName();
    let tries = 0;
    r.register(
      hopeless,
      async () => {
        tries++;
        throw new Error('never');
      },
      { backoffMs: () => 20, maxAttempts: 3 },
    );
    r.start(20);
    await enqueue(handle.db, queue, {});
    await enqueue(handle.db, hopeless, {});
    await until(async () => attempts.length === 3 && (await left(queue)).length === 0);
    expect(attempts).toEqual([1, 2, 3]);
    await until(async () => tries === 3 && (await left(hopeless)).length === 0);
    await sleep(150);
    expect(tries).toBe(3);
  });

  it('takes again, once its lease ends, a job claimed by a runner that died', async () => {
    const queue = queueName();
    // Claimed by a process that was killed: its lease runs 300 ms more.
    await handle.db.insert(jobs).values({
      queue,
      payload: { n: 1 },
      attempts: 1,
      lockedUntil: sql`now() + interval '300 milliseconds'`,
    });
    const ran: number[] = [];
    const started = Date.now();
    const r = runner();
    r.register(queue, async (job) => {
      ran.push(job.attempt);
    });
    r.start(50);
    await sleep(150);
    expect(ran).toEqual([]);
    await until(() => ran.length > 0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(ran).toEqual([2]);
    await until(async () => (await left(queue)).length === 0);
  });

  it('fences a claim whose lease ran out: the job another runner claimed since is not finished by it', async () => {
    const queue = queueName();
    const events: string[] = [];
    const slow = runner();
    slow.register(
      queue,
      async (job) => {
        events.push(`slow ${job.attempt}`);
        // It runs on past its lease, until another runner has claimed the job.
        await until(() => events.includes('next 2'));
        events.push('slow done');
      },
      { leaseMs: 100 },
    );
    slow.start(20);
    await enqueue(handle.db, queue, {});
    await until(() => events.includes('slow 1'));
    // It claims nothing more; its first job runs on past its lease.
    const stopping = slow.stop();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const next = runner();
    next.register(queue, async (job) => {
      events.push(`next ${job.attempt}`);
      await held;
      events.push('next done');
    });
    next.start(20);
    await stopping;
    expect(events).toEqual(['slow 1', 'next 2', 'slow done']);
    // The first claim's end did not delete the job the second holds.
    expect(await left(queue)).toHaveLength(1);
    release();
    await until(async () => events.includes('next done') && (await left(queue)).length === 0);
  });

  it('runs at most `concurrency` jobs of a queue at once, and stop waits for those under way', async () => {
    const queue = queueName();
    let running = 0;
    let most = 0;
    let done = 0;
    const r = runner();
    r.register(
      queue,
      async () => {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
        done++;
      },
      { concurrency: 3 },
    );
    await handle.db.insert(jobs).values(Array.from({ length: 12 }, () => ({ queue, payload: {} })));
    r.start(20);
    await until(() => done >= 1);
    await r.stop();
    // Stopped: whatever ran has finished, and nothing more starts.
    expect(running).toBe(0);
    const finished = done;
    await sleep(100);
    expect(done).toBe(finished);
    expect(most).toBe(3);
    expect((await left(queue)).length).toBe(12 - finished);
  });

  it.runIf(TEST_DB === 'postgres')(
    'hands each job to one runner only, with several instances on one PostgreSQL',
    async () => {
      const queue = queueName();
      const others = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url!, max: 4 })),
      );
      try {
        const runs = new Map<number, number>();
        for (const other of others) {
          const r = runner(other.db);
          r.register<{ n: number }>(
            queue,
            async (job) => {
              runs.set(job.payload.n, (runs.get(job.payload.n) ?? 0) + 1);
              await sleep(Math.random() * 5);
            },
            { concurrency: 8 },
          );
          r.start(10);
        }
        await handle.db
          .insert(jobs)
          .values(Array.from({ length: 300 }, (_, n) => ({ queue, payload: { n } })));
        await until(async () => runs.size === 300 && (await left(queue)).length === 0, 30_000);
        expect([...runs.values()].every((n) => n === 1)).toBe(true);
      } finally {
        for (const r of runners.splice(-3)) await r.stop();
        for (const other of others) await other.close();
      }
    },
  );
});
