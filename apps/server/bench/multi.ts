/**
 * One instance against two behind the same address (`BENCH_ONLY=multi npm run bench`), on
 * PostgreSQL: list requests per second through the round-robin proxy of the multi-instance
 * suite (test/multi/cluster.ts) with one compiled server behind it and with two, and for
 * reference straight to one server, the three taking turns round after round. Everything shares this machine's cores: the servers,
 * PostgreSQL, the proxy and autocannon (both in this process). Not a target: it says what one
 * more instance adds when the cores are shared.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seed } from '../src/platform/seed.ts';
import { createApplication, seedDataAccesses } from '../test/fixtures.ts';
import {
  buildBundle,
  createDatabase,
  type Instance,
  startInstance,
  startProxy,
} from '../test/multi/cluster.ts';
import { postgresBase } from './http.ts';
import { closedLoop, type Load } from './load.ts';
import { int, type Report } from './report.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const LOAD = QUICK ? { warmup: 2, seconds: 3, runs: 1 } : { warmup: 5, seconds: 10, runs: 5 };
const CONNECTIONS = 16;
const ROWS = 1_000;
const APP = 'bench-multi';
const PASSWORD = randomBytes(18).toString('base64url');

export async function benchMulti(report: Report): Promise<void> {
  report.heading('Several instances: list requests per second, one instance against two, on PostgreSQL', 3);
  const base = await postgresBase();
  if (!base) {
    report.line(
      '(left out: no PostgreSQL answers at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    return;
  }
  const serverDir = new URL('..', import.meta.url).pathname;
  mkdirSync(join(serverDir, 'dist'), { recursive: true });
  const workDir = mkdtempSync(join(serverDir, 'dist', 'bench-multi-'));
  const bundle = buildBundle(workDir);

  const database = await createDatabase(base, 'gatehouse_bench_multi');
  const handle = await openDatabase({ kind: 'postgres', url: database.url, max: 2 });
  const proxy = await startProxy();
  const instances: Instance[] = [];
  try {
    await migrateDatabase(handle);
    await seed(handle.db, { adminPassword: PASSWORD, print: () => {} });
    await seedDataAccesses(handle.db, await createApplication(handle.db, APP, 'Bench multi'), ROWS);

    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      GATEHOUSE_SECRET_KEY: randomBytes(32).toString('base64'),
      GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
      GATEHOUSE_TRUST_PROXY: '127.0.0.1',
      GATEHOUSE_ISSUER: `${proxy.origin}/oidc`,
    };
    instances.push(...(await Promise.all([0, 1].map((i) => startInstance(bundle, i, env)))));
    proxy.backends = [instances[0]!.origin];
    const login = await fetch(`${proxy.origin}/api/oauth2-server/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const list = `/api/admin-service/data/accesses?applicationId=${APP}&page=0&size=10`;

    const options = (origin: string, duration: number) => ({
      url: `${origin}${list}`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${token}` },
      duration,
    });
    // The machine's load moves from one minute to the next, so the setups take turns, round
    // after round, and each reports its median round.
    const setups = [
      { name: 'one instance, straight', origin: instances[0]!.origin, backends: [instances[0]!.origin] },
      { name: 'one instance, through the proxy', origin: proxy.origin, backends: [instances[0]!.origin] },
      {
        name: 'two instances, through the proxy',
        origin: proxy.origin,
        backends: instances.map((i) => i.origin),
      },
    ];
    const loads = setups.map(() => [] as Load[]);
    for (const setup of setups) {
      proxy.backends = setup.backends;
      await closedLoop(options(setup.origin, LOAD.warmup));
    }
    proxy.served = [];
    for (let round = 0; round < LOAD.runs; round++) {
      for (let k = 0; k < setups.length; k++) {
        const i = (k + round) % setups.length;
        proxy.backends = setups[i]!.backends;
        loads[i]!.push(await closedLoop(options(setups[i]!.origin, LOAD.seconds)));
      }
    }
    const middle = (runs: Load[]) => [...runs].sort((a, b) => a.rps - b.rps)[runs.length >> 1]!;
    const rows = setups.map((setup, i) => {
      const load = middle(loads[i]!);
      return [
        setup.name,
        int(load.rps),
        loads[i]!.map((l) => int(l.rps)).join(', '),
        `${load.p50} ms`,
        `${load.p99} ms`,
        `${int(loads[i]!.reduce((n, l) => n + l.failed, 0))} of ${int(loads[i]!.reduce((n, l) => n + l.completed, 0))}`,
      ];
    });
    const ratios = loads[2]!.map((two, r) => two.rps / loads[1]![r]!.rps);

    report.line(
      `autocannon ${CONNECTIONS} connections on the data access list (page 0, size 10, ${int(ROWS)} rows), ` +
        `${LOAD.warmup} s of warm-up per setup, then ${LOAD.runs} rounds of ${LOAD.seconds} s per setup, the setups ` +
        'taking turns; the compiled server on PostgreSQL with REDIS_URL, the round-robin proxy of ' +
        'test/multi/cluster.ts and autocannon in the benchmark process; ' +
        `${cpus().length} cores shared by all of it and PostgreSQL (and whatever else runs); load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')} at the end.`,
    );
    report.table(['setup', 'req/s (median round)', 'each round', 'p50', 'p99', 'failed'], rows);
    report.line(
      `Two instances against one through the same address, round by round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; ` +
        `the proxy sent ${int(proxy.served[0] ?? 0)} and ${int(proxy.served[1] ?? 0)} requests to the two.`,
    );
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await proxy.close();
    await handle.close();
    await database.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
