/**
 * LDAP password sign-ins (`BENCH_ONLY=ldap npm run bench`): the console's
 * `POST /api/oauth2-server/login` for a user whose password an LDAP directory checks, against a
 * private slapd on 127.0.0.1 (test/federation/slapd.ts, the test directory), Gatehouse on
 * PostgreSQL in this process, listening on 127.0.0.1, and the load from a process of its own. Each sign-in is a new LDAP connection: the service
 * account's bind, the user search, the group search and the bind as the user; then the
 * mapping, the session and its audit record. Reported: sign-ins a second and latency (p50,
 * p95, p99) at several concurrencies, beside the directory's part alone (the same four LDAP
 * operations without Gatehouse) at the same concurrency. Target: ≥ 100 sign-ins/s.
 * LDAP_BENCH_SECONDS sets each run's length (10 s; 3 s under BENCH_QUICK=1).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { identityProviders } from '../src/db/schema/index.ts';
import { LdapDirectory } from '../src/modules/federation/ldap.ts';
import { sealSecret } from '../src/modules/federation/providers.ts';
import type { ProviderRecord, StoredSettings } from '../src/modules/federation/types.ts';
import { seed } from '../src/platform/seed.ts';
import { DIRECTORY, slapdInstalled, startSlapd } from '../test/federation/slapd.ts';
import { postgresBase } from './http.ts';
import { int, ms, quantile, type Report } from './report.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = Number(process.env.LDAP_BENCH_SECONDS ?? (QUICK ? 3 : 10));
const CONCURRENCIES = [1, 4, 8, 16];
const USERNAME = 'bench';
const PASSWORD = DIRECTORY.passwordOf(USERNAME);

type Run = { rate: number; p50: number; p95: number; p99: number; done: number; failed: number };

function summary(latencies: number[], seconds: number, failed: number): Run {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rate: sorted.length / seconds,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    done: sorted.length,
    failed,
  };
}

/** The load generator: a process of its own, so that this process's CPU time is the server's alone. */
const LOAD_SCRIPT = `
const { url, body, concurrency, seconds } = JSON.parse(process.env.LDAP_BENCH_LOAD);
const latencies = [];
let failed = 0;
let firstFailure;
const end = performance.now() + seconds * 1000;
Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await res.text();
    if (res.status === 200 && text.includes('"token"')) latencies.push(performance.now() - started);
    else { failed++; firstFailure ??= res.status + ' ' + text.slice(0, 200); }
  }
})).then(() => process.stdout.write(JSON.stringify({ latencies, failed, firstFailure })));
`;

/** CPU time (ms) of a process by its id, user and system, from /proc; 0 when it is gone or unreadable. */
function cpuOfPid(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 14th and 15th fields of the line (the 12th and 13th after the name).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The CPU time (ms) of everything a sign-in runs on: this process, slapd, and the database's backends. */
type CpuMeter = () => Promise<{ server: number; slapd: number; postgres: number }>;

/** The sign-ins' load, `concurrency` at a time for `seconds`, and the CPU time it cost each part. */
async function signInLoad(
  url: string,
  body: string,
  concurrency: number,
  seconds: number,
  cpu: CpuMeter,
): Promise<Run & { cpuMs: { server: number; slapd: number; postgres: number } }> {
  const before = await cpu();
  const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], {
    env: { ...process.env, LDAP_BENCH_LOAD: JSON.stringify({ url, body, concurrency, seconds }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`load generator: exit ${code}`)),
    );
  });
  const after = await cpu();
  const m = JSON.parse(out) as { latencies: number[]; failed: number; firstFailure?: string };
  if (m.failed > 0) console.log(`  ${m.failed} failed, first: ${m.firstFailure}`);
  const run = summary(m.latencies, seconds, m.failed);
  const per = (k: keyof typeof before) => (after[k] - before[k]) / Math.max(1, run.done);
  return { ...run, cpuMs: { server: per('server'), slapd: per('slapd'), postgres: per('postgres') } };
}

/** The directory's part alone: `checkPassword` (four LDAP operations on a new connection), `concurrency` at a time. */
async function directoryLoad(directory: LdapDirectory, concurrency: number, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const check = await directory.checkPassword(USERNAME, PASSWORD).catch(() => ({ ok: false }));
        if (check.ok) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return summary(latencies, seconds, failed);
}

export async function benchLdap(report: Report): Promise<void> {
  report.heading('LDAP password sign-ins');
  if (!slapdInstalled()) {
    report.line('(left out: no slapd at /usr/sbin/slapd; `.ci/run` installs Debian’s slapd and ldap-utils)');
    return;
  }
  const base = await postgresBase();
  if (!base) {
    report.line(
      '(left out: no PostgreSQL answers at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    return;
  }
  const slapd = await startSlapd();
  const name = `gatehouse_ldap_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  const serverKey = randomBytes(32);
  const app = buildApp({
    db: handle.db,
    logger: false,
    config: {
      webDir: '/nonexistent',
      secretKey: serverKey,
      // The limiter is not what is measured: one account signs in thousands of times.
      loginRateLimit: {
        perAccount: 1_000_000,
        perIp: 1_000_000,
        windowSeconds: 60,
        backoffAfter: 1_000_000,
        backoffBaseSeconds: 1,
        backoffMaxSeconds: 1,
      },
    },
  });
  try {
    await migrateDatabase(handle);
    await seed(handle.db, { adminPassword: randomBytes(18).toString('base64url'), print: () => {} });
    const settings: StoredSettings = {
      jitProvisioning: true,
      trustEmail: false,
      trustMfa: false,
      mfaValues: [],
      attributes: {},
      rules: [],
      ldap: {
        url: slapd.url,
        startTls: false,
        tlsVerify: true,
        bindDn: DIRECTORY.serviceDn,
        userBase: DIRECTORY.userBase,
        userFilter: '(uid={username})',
        groupBase: DIRECTORY.groupBase,
        groupFilter: null,
        groupNameAttribute: null,
        syncIntervalMinutes: null,
      },
    };
    const [row] = await handle.db
      .insert(identityProviders)
      .values({
        type: 'ldap',
        name: 'Bench directory',
        settings,
        secretSealed: sealSecret(serverKey, DIRECTORY.servicePassword),
      })
      .returning();
    const record: ProviderRecord = {
      providerId: row!.providerId,
      type: 'ldap',
      name: row!.name,
      enabled: true,
      isDefault: false,
      settings,
      secret: DIRECTORY.servicePassword,
    };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const loginUrl = `http://127.0.0.1:${address.port}/api/oauth2-server/login`;
    const body = JSON.stringify({ username: USERNAME, password: PASSWORD });
    // The database's backends for this database (the server's pool), read again at each call.
    const backends = new Map<number, number>();
    const cpu: CpuMeter = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      let postgres = 0;
      for (const { pid } of rows) {
        const used = cpuOfPid(pid);
        backends.set(pid, used);
      }
      for (const used of backends.values()) postgres += used;
      const own = process.cpuUsage();
      return { server: (own.user + own.system) / 1000, slapd: cpuOfPid(slapd.pid), postgres };
    };
    // The first sign-in creates the user (just in time); the runs measure the linked user's.
    const first = await fetch(loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (first.status !== 200) throw new Error(`first LDAP sign-in: ${first.status} ${await first.text()}`);
    await signInLoad(loginUrl, body, 4, Math.min(2, SECONDS), cpu);

    const rows: string[][] = [];
    let best: (Run & { concurrency: number; cpuTotal: number }) | undefined;
    const directory = new LdapDirectory(record);
    for (const concurrency of CONCURRENCIES) {
      const signIns = await signInLoad(loginUrl, body, concurrency, SECONDS, cpu);
      const cpuTotal = signIns.cpuMs.server + signIns.cpuMs.slapd + signIns.cpuMs.postgres;
      const alone = await directoryLoad(directory, concurrency, Math.min(SECONDS, 5));
      console.log(
        `  ${concurrency} at once: ${int(signIns.rate)} sign-ins/s, p95 ${ms(signIns.p95)}; ` +
          `the directory alone ${int(alone.rate)}/s, p95 ${ms(alone.p95)}; CPU ${ms(cpuTotal)} a sign-in ` +
          `(Gatehouse ${ms(signIns.cpuMs.server)}, PostgreSQL ${ms(signIns.cpuMs.postgres)}, slapd ${ms(signIns.cpuMs.slapd)})`,
      );
      rows.push([
        String(concurrency),
        int(signIns.rate),
        ms(signIns.p50),
        ms(signIns.p95),
        ms(signIns.p99),
        int(signIns.failed),
        `${ms(cpuTotal)} (${ms(signIns.cpuMs.server)} + ${ms(signIns.cpuMs.postgres)} + ${ms(signIns.cpuMs.slapd)})`,
        int(alone.rate),
        ms(alone.p95),
      ]);
      if (!best || signIns.rate > best.rate) best = { ...signIns, concurrency, cpuTotal };
    }
    report.line(
      `Gatehouse on PostgreSQL in the benchmark's process, listening on 127.0.0.1; a private slapd (mdb, ` +
        `the test directory, \`threads 8\`) on the same cores; the load from a process of its own. ` +
        `\`POST /api/oauth2-server/login\` as \`${USERNAME}\`, a user linked to the directory (created just in ` +
        `time by the first sign-in), whose password the directory checks: per sign-in a new LDAP connection ` +
        `with the service bind, the user search, the group search and the bind as the user, no pool; then ` +
        `the mapping, the session and its audit record. ${SECONDS} s per run; "the directory alone" is ` +
        `the same four LDAP operations without Gatehouse (\`LdapDirectory.checkPassword\`). The CPU time a ` +
        `sign-in cost is this process's (the server's; the load comes from a process of its own), slapd's ` +
        `and the database backends' (from /proc), over the sign-ins the run completed: on two cores of its ` +
        `own the server would reach about 2,000 ms / that figure a second. The machine's load average at the ` +
        `start was ${loadavg()[0]!.toFixed(1)}: other work shared the cores.`,
    );
    report.table(
      [
        'concurrency',
        'sign-ins/s',
        'p50',
        'p95',
        'p99',
        'failed',
        'CPU a sign-in (Gatehouse + PostgreSQL + slapd)',
        'directory alone /s',
        'directory alone p95',
      ],
      rows,
    );
    if (best)
      report.line(
        `Best: ${int(best.rate)} LDAP sign-ins/s at ${best.concurrency} at once, p95 ${ms(best.p95)} ` +
          `(target ≥ 100/s); ${ms(best.cpuTotal)} of CPU a sign-in, that is about ` +
          `${int(2000 / best.cpuTotal)}/s on two cores of its own.`,
      );
  } finally {
    await app.close();
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await slapd.stop();
  }
}
