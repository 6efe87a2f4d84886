/**
 * The webhooks' benchmark (`BENCH_ONLY=webhooks npm run bench`), on PostgreSQL:
 *  - what the outbox adds to a write: one audited change (an application's description, with
 *    its audit record) timed WEBHOOK_BENCH_WRITES times with no webhook enabled and as many
 *    with one enabled (each record then also enqueues its event), in alternating blocks so
 *    that drift on the machine touches both alike; no runner takes the jobs meanwhile;
 *  - deliveries per second to a local receiver (a node:http server in a process of its own,
 *    answering 200): WEBHOOK_BENCH_DELIVERIES events written with the outbox first, then
 *    the job runner started with the server's settings, and the time until every delivery
 *    has succeeded: the fan-out, the claims in batches and the concurrent signed sends; and
 *    the same with the deliveries already made (the send stage alone).
 * The database is WEBHOOK_BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/gh_webhook_bench
 * by default), created when missing and emptied of webhooks and jobs at each run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { applications, webhooks } from '../src/db/schema/index.ts';
import { auditedChange } from '../src/lib/audit.ts';
import { JobRunner } from '../src/lib/jobs.ts';
import { seal } from '../src/lib/server-key.ts';
import { WebhookDeliveries } from '../src/modules/webhooks/deliveries.ts';
import { insertDeliveries } from '../src/modules/webhooks/repository.ts';
import { DELIVER_QUEUE, newMessageId } from '../src/modules/webhooks/service.ts';
import { int, quantile, type Report } from './report.ts';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/gh_webhook_bench';
const WRITES = Number(process.env.WEBHOOK_BENCH_WRITES ?? 2000);
const DELIVERIES = Number(process.env.WEBHOOK_BENCH_DELIVERIES ?? 5000);
const BLOCK = 100;
const CTX = { actorId: null, actorName: 'bench', ip: null, requestId: null };

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** A receiver in its own process, so its work does not share this one's event loop. */
async function startReceiver(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
       s.keepAliveTimeout = 60000;
       s.listen(0, '127.0.0.1', () => console.log('port ' + s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /port (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

async function timedWrites(db: Database, applicationId: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await auditedChange(db, CTX, { entity: 'application', action: 'update' }, async (tx) => {
      await tx
        .update(applications)
        .set({ description: `bench ${i}` })
        .where(sql`${applications.applicationId} = ${applicationId}`);
      return {
        entityId: applicationId,
        before: { description: null },
        after: { applicationId, description: `bench ${i}` },
      };
    });
    samples.push(performance.now() - t);
  }
  return samples;
}

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95) };
};

async function countSucceeded(db: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from webhook_deliveries where status = 'SUCCEEDED'`),
  );
  return row?.n ?? 0;
}

export async function benchWebhooks(report: Report): Promise<void> {
  report.heading('Webhooks on PostgreSQL', 3);
  const url = process.env.WEBHOOK_BENCH_DATABASE_URL ?? URL_DEFAULT;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    await ensureDatabase(url);
    handle = await openDatabase({ kind: 'postgres', url, max: 20 });
    await handle.db.execute(sql`select 1`);
  } catch (err) {
    report.line(`(left out: no database at WEBHOOK_BENCH_DATABASE_URL ${url}: ${(err as Error).message})`);
    return;
  }
  const { db } = handle;
  const receiver = await startReceiver();
  try {
    await migrateDatabase(handle);
    await db.execute(sql`truncate webhooks, webhook_deliveries, jobs`);
    const applicationId = 'webhook-bench';
    await db.insert(applications).values({ applicationId, name: 'Webhook bench' }).onConflictDoNothing();
    const serverKey = randomBytes(32);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const [hook] = await db
      .insert(webhooks)
      .values({
        name: 'bench',
        url: `${receiver.origin}/hook`,
        events: ['application.*'],
        enabled: false,
        secretSealed: seal(serverKey, secret),
      })
      .returning();
    const setEnabled = (enabled: boolean) => db.update(webhooks).set({ enabled });

    // (a) The outbox's cost per write, in alternating blocks.
    const off: number[] = [];
    const on: number[] = [];
    await timedWrites(db, applicationId, 200); // warm-up
    for (let done = 0; done < WRITES; done += BLOCK) {
      await setEnabled(false);
      off.push(...(await timedWrites(db, applicationId, BLOCK)));
      await setEnabled(true);
      on.push(...(await timedWrites(db, applicationId, BLOCK)));
    }
    const a = stats(off);
    const b = stats(on);
    const [{ n: queued = 0 } = {}] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from jobs where queue = 'audit.event'`),
    );
    console.log(`  write, no webhook enabled   median ${fmt(a.median)}  p95 ${fmt(a.p95)}`);
    console.log(`  write, one webhook enabled  median ${fmt(b.median)}  p95 ${fmt(b.p95)}`);
    report.line(
      `The same audited write (an application's description and its audit record), ${int(off.length)} times each way in alternating blocks of ${BLOCK}, in process; ${int(queued)} outbox jobs written by the enabled half:`,
    );
    report.table(
      ['write', 'median', 'p95'],
      [
        ['no webhook enabled', fmt(a.median), fmt(a.p95)],
        ['one webhook enabled (+ outbox job)', fmt(b.median), fmt(b.p95)],
        ['what the outbox adds', fmt(b.median - a.median), fmt(b.p95 - a.p95)],
      ],
    );
    await db.execute(sql`truncate jobs`);

    // (b) Deliveries per second: events through the fan-out, then deliveries made beforehand.
    const rows: string[][] = [];
    for (const stage of ['events (fan-out + sends)', 'deliveries (sends alone)'] as const) {
      await db.execute(sql`truncate webhook_deliveries, jobs`);
      await setEnabled(true);
      if (stage === 'events (fan-out + sends)') {
        await timedWrites(db, applicationId, DELIVERIES);
      } else {
        for (let from = 0; from < DELIVERIES; from += 500) {
          await db.transaction((tx) =>
            insertDeliveries(
              tx,
              Array.from({ length: Math.min(500, DELIVERIES - from) }, (_, i) => ({
                webhookId: hook!.webhookId,
                messageId: newMessageId(),
                eventType: 'webhook.test',
                payload: { type: 'webhook.test', timestamp: new Date().toISOString(), data: { n: from + i } },
              })),
              DELIVER_QUEUE,
            ),
          );
        }
      }
      const runner = new JobRunner(db, (err) => console.error(err));
      new WebhookDeliveries(db, { serverKey, allowHttp: true, allowPrivate: true, concurrency: 32 }).register(
        runner,
      );
      const t = performance.now();
      runner.start(100);
      let delivered = 0;
      while (delivered < DELIVERIES) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        delivered = await countSucceeded(db);
        if (performance.now() - t > 300_000) break;
      }
      const seconds = (performance.now() - t) / 1000;
      await runner.stop();
      const perSecond = delivered / seconds;
      console.log(`  ${stage}: ${int(delivered)} delivered in ${seconds.toFixed(1)} s, ${int(perSecond)}/s`);
      rows.push([stage, int(delivered), `${seconds.toFixed(1)} s`, int(perSecond)]);
    }
    report.line(
      'Deliveries to a local receiver (node:http in another process, answering 200), signed, 32 at once, claimed in batches of up to 50:',
    );
    report.table(['what was waiting', 'delivered', 'time', 'deliveries/s'], rows);
  } finally {
    receiver.child.kill();
    await handle.close();
  }
}
