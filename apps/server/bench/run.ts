/**
 * `npm run bench`: figures, not pass/fail. First the data access list over HTTP, side by side
 * with the floor and (BENCH_PEER=directus) Directus (http.ts); then the in-process figures
 * (in-process.ts). Everything it reports is also written to bench/results/<date>.md, except
 * under BENCH_QUICK=1, whose short runs are for development.
 *
 * BENCH_ONLY=http,list,menus,users,startup,web,oidc,audit,metrics,webhooks,config,ldap,jwt,multi (any of them,
 * comma-separated) narrows a run; AUDIT_BENCH_ROWS sets the audit trail's size (bench/audit.ts),
 * CONFIG_BENCH_ROWS the data accesses that configuration transfer moves (bench/config.ts),
 * LDAP_BENCH_SECONDS each run of the LDAP sign-ins (bench/ldap.ts, against a private slapd),
 * JWT_BENCH_SECONDS each run of the JWT access token verifications (bench/jwt.ts).
 * `multi` (bench/multi.ts: one instance against two behind one address) runs only when named, as do
 * `federation-oidc` (bench/federation-oidc.ts: a sign-in through an OIDC identity provider) and
 * `ldap` (bench/ldap.ts: password sign-ins checked by an LDAP directory).
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { benchAudit } from './audit.ts';
import { benchConfig } from './config.ts';
import { benchFederationOidc } from './federation-oidc.ts';
import { benchHttp } from './http.ts';
import { benchInProcess } from './in-process.ts';
import { benchJwt } from './jwt.ts';
import { benchLdap } from './ldap.ts';
import { benchMetrics } from './metrics.ts';
import { benchMulti } from './multi.ts';
import { Report } from './report.ts';
import { benchWebhooks } from './webhooks.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const ONLY = new Set(
  (
    process.env.BENCH_ONLY ?? 'http,list,menus,users,startup,web,oidc,audit,metrics,webhooks,config,ldap,jwt'
  ).split(','),
);
const QUICK = process.env.BENCH_QUICK === '1';

/** The commit measured, and whether the work tree differs from it. */
function revision(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

const report = new Report();
const started = new Date();
report.heading(`Gatehouse benchmarks, ${started.toISOString().slice(0, 10)}`, 1);
report.line(
  `Commit ${revision()}; Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the start; \`BENCH_ONLY=${[...ONLY].join(',')}\`` +
    `${process.env.BENCH_PEER ? ` \`BENCH_PEER=${process.env.BENCH_PEER}\`` : ''}${QUICK ? ' `BENCH_QUICK=1`' : ''}.`,
);
if (ONLY.has('http')) await benchHttp(report);
await benchInProcess(report, ONLY);
if (ONLY.has('audit')) await benchAudit(report);
if (ONLY.has('metrics')) await benchMetrics(report);
if (ONLY.has('webhooks')) await benchWebhooks(report);
if (ONLY.has('multi')) await benchMulti(report);
if (ONLY.has('config')) await benchConfig(report);
if (ONLY.has('federation-oidc')) await benchFederationOidc(report);
if (ONLY.has('ldap')) await benchLdap(report);
if (ONLY.has('jwt')) await benchJwt(report);
report.line(`Run time: ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} minutes.`);
if (QUICK) console.log('\n(BENCH_QUICK=1: the results are not written to bench/results)');
else console.log(`\nWritten to ${report.write(join(ROOT, 'bench/results'), started)}`);
