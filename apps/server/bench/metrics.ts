/**
 * What the metrics (GATEHOUSE_METRICS_PORT) cost a request: a simple list request (page 0
 * of an application's data accesses, 100 rows, signed in) through `app.inject`, on two
 * servers over one database, one with the metrics off (the default) and one with them on,
 * measured request by request in turn (off, on, on, off, …), so that both meet the same
 * machine at the same moments. Each request's wall time and the process's CPU time over it
 * (user + system, `process.cpuUsage`) are kept: other processes on the cores move the CPU
 * time far less than the wall time. Then a scrape of /metrics, timed. `BENCH_ONLY=metrics`
 * runs it alone.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seed } from '../src/platform/seed.ts';
import { createApplication, seedDataAccesses } from '../test/fixtures.ts';
import { postgresBase } from './http.ts';
import { int, quantile, type Report } from './report.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const REQUESTS = QUICK ? 500 : 5_000;
const PASSWORD = randomBytes(18).toString('base64url');
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

type Side = {
  label: string;
  /** Wall time of each request, ms. */
  samples: number[];
  /** CPU time of the process over each request, ms. */
  cpu: number[];
  run: () => Promise<{ statusCode: number }>;
};

async function server(handle: DatabaseHandle, metricsPort: number | undefined) {
  const app = buildApp({
    db: handle.db,
    listen: handle.listen,
    databaseUsage: handle.usage,
    logger: false,
    config: { webDir: '/nonexistent', metricsPort },
  });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/oauth2-server/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode}`);
  return { app, token: res.json().result.token as string };
}

async function measure(handle: DatabaseHandle): Promise<string[]> {
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: PASSWORD, print: () => {} });
  const appId = await createApplication(handle.db, 'metrics-bench');
  await seedDataAccesses(handle.db, appId, 100);
  const url = `/api/admin-service/data/accesses?applicationId=${appId}&sort=createdDate,desc&page=0&size=10`;
  const off = await server(handle, undefined);
  const on = await server(handle, 0);
  try {
    const side = (label: string, s: typeof off): Side => ({
      label,
      samples: [],
      cpu: [],
      run: () => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.token}` } }),
    });
    const sides = [side('off', off), side('on', on)];
    for (const s of sides) for (let i = 0; i < 50; i++) await s.run();
    for (let i = 0; i < REQUESTS; i++) {
      // Which side goes first alternates, so neither always follows the other.
      for (const s of i % 2 ? [...sides].reverse() : sides) {
        const cpu = process.cpuUsage();
        const t = performance.now();
        const res = await s.run();
        s.samples.push(performance.now() - t);
        const used = process.cpuUsage(cpu);
        s.cpu.push((used.user + used.system) / 1000);
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      }
    }
    const figures = sides.map((s) => {
      const sorted = [...s.samples].sort((a, b) => a - b);
      return {
        label: s.label,
        median: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        cpu: s.cpu.reduce((a, b) => a + b, 0) / s.cpu.length,
      };
    });
    const [offFig, onFig] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const address = on.app.metricsAddress()!;
    const scrapes: number[] = [];
    let size = 0;
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const text = await (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
      scrapes.push(performance.now() - t);
      size = text.length;
    }
    scrapes.sort((a, b) => a - b);
    const change = (on: number, off: number) =>
      `${on >= off ? '+' : '−'}${us(Math.abs(on - off))} (${(((on - off) / off) * 100).toFixed(1)} %)`;
    return [
      us(offFig.cpu),
      us(onFig.cpu),
      change(onFig.cpu, offFig.cpu),
      `${us(offFig.median)} / ${us(offFig.p95)}`,
      `${us(onFig.median)} / ${us(onFig.p95)}`,
      `${us(quantile(scrapes, 0.5))} (${(size / 1024).toFixed(0)} KiB)`,
    ];
  } finally {
    await on.app.close();
    await off.app.close();
  }
}

export async function benchMetrics(report: Report): Promise<void> {
  report.heading('What the metrics cost a request');
  report.line(
    `A simple list request (page 0 of 100 data accesses, signed in, the caller cache on) through \`app.inject\`, ` +
      `on two servers over one database: GATEHOUSE_METRICS_PORT unset (the default) and set. ${int(REQUESTS)} requests ` +
      `per server, in turn, after 50 to warm up; CPU: the process's user + system time over a request, the mean ` +
      `(PGlite's work is in the process, PostgreSQL's is not); then 20 scrapes of /metrics.`,
  );
  const rows: string[][] = [];
  const lite = await openDatabase({ kind: 'pglite' });
  try {
    rows.push(['PGlite (in memory)', ...(await measure(lite))]);
  } finally {
    await lite.close();
  }
  const base = await postgresBase();
  if (base) {
    const name = `gatehouse_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      rows.push(['PostgreSQL', ...(await measure(handle))]);
    } finally {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  report.table(
    [
      'database',
      'CPU per request, off (mean)',
      'CPU per request, on (mean)',
      'on − off (CPU)',
      'wall, off: median / p95',
      'wall, on: median / p95',
      'one scrape (median)',
    ],
    rows,
  );
}
