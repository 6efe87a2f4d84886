/**
 * A private OpenLDAP server for the LDAP sign-in's tests and benchmark: Debian's `slapd` (and
 * `slapadd`), in a temporary directory of its own, with its own `slapd.conf` (the mdb backend,
 * the schema files the package ships) and the test directory (`directory.ldif`) loaded with
 * `slapadd`. It listens on 127.0.0.1 at free ports, plain (StartTLS offered) and ldaps, with a
 * self-signed certificate made for the run, and logs its operations (`loglevel stats`), which
 * `log()` gives back: a test can see which binds and filters reached it. Nothing of the system's
 * own slapd configuration is read or touched.
 *
 * From vitest: `const directory = await startSlapd()` in `beforeAll`, `await directory.stop()`
 * in `afterAll`. From elsewhere (the browser tests, by hand): `npx tsx
 * apps/server/test/federation/slapd.ts` prints the URLs and serves until interrupted.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
export const SLAPADD = process.env.SLAPADD_PATH ?? '/usr/sbin/slapadd';
const SCHEMA_DIR = process.env.SLAPD_SCHEMA_DIR ?? '/etc/ldap/schema';
const MODULE_DIR = process.env.SLAPD_MODULE_DIR ?? '/usr/lib/ldap';
const LDIF = fileURLToPath(new URL('./directory.ldif', import.meta.url));

/** What directory.ldif holds, for the tests to sign in with. */
export const DIRECTORY = {
  base: 'dc=gatehouse,dc=test',
  userBase: 'ou=people,dc=gatehouse,dc=test',
  /** Both people and contractors: the two `twin` entries are both found here. */
  allUsersBase: 'dc=gatehouse,dc=test',
  groupBase: 'ou=groups,dc=gatehouse,dc=test',
  serviceDn: 'cn=gatehouse-svc,ou=services,dc=gatehouse,dc=test',
  servicePassword: 'service-account-secret',
  /** The directory's manager, for a test that changes entries. */
  rootDn: 'cn=admin,dc=gatehouse,dc=test',
  rootPassword: 'root-secret-of-the-test-directory',
  /** Every person's password in the directory. */
  passwordOf: (uid: string) => `${uid}-ldap-password`,
  userDn: (uid: string, ou = 'people') => `uid=${uid},ou=${ou},dc=gatehouse,dc=test`,
} as const;

export type Slapd = {
  /** The server's process id (the benchmark reads its CPU time). */
  pid: number;
  /** `ldap://127.0.0.1:<port>` (StartTLS offered there). */
  url: string;
  /** `ldaps://127.0.0.1:<port>`, with a self-signed certificate. */
  ldapsUrl: string;
  /** The PEM of that certificate, for a client that should trust it. */
  certificate: string;
  /** The server's log (`loglevel stats`) since it started, from line `from` on. */
  log(from?: number): string[];
  /** The number of log lines so far: a mark to read what came after it (`log(mark)`). */
  mark(): number;
  /** Waits until the log has no new line for `quietMs` (slapd logs a little after it answers). */
  settle(quietMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** Whether this machine has slapd and slapadd: the benchmark says so without them; the tests need them (.ci/run installs them). */
export function slapdInstalled(): boolean {
  return existsSync(SLAPD) && existsSync(SLAPADD) && existsSync(join(SCHEMA_DIR, 'core.schema'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function configuration(dir: string): string {
  const schema = ['core', 'cosine', 'nis', 'inetorgperson'].map(
    (s) => `include ${join(SCHEMA_DIR, `${s}.schema`)}`,
  );
  return [
    ...schema,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    `TLSCertificateFile ${join(dir, 'cert.pem')}`,
    `TLSCertificateKeyFile ${join(dir, 'key.pem')}`,
    'loglevel stats',
    // Enough for the benchmark's concurrent sign-ins.
    'threads 8',
    'database mdb',
    'maxsize 67108864',
    `suffix "${DIRECTORY.base}"`,
    `rootdn "${DIRECTORY.rootDn}"`,
    `rootpw ${DIRECTORY.rootPassword}`,
    `directory ${join(dir, 'data')}`,
    'index objectClass eq',
    'index uid,mail eq',
    'index member,uniqueMember,memberUid eq',
    'index entryUUID eq',
    // A person binds with their password; nobody reads it. The service account reads the rest.
    'access to attrs=userPassword by self =xw by anonymous auth by * none',
    `access to * by dn.exact="${DIRECTORY.serviceDn}" read by self read by * none`,
    '',
  ].join('\n');
}

/** Starts a private slapd over a fresh copy of directory.ldif. */
export async function startSlapd(options: { ldif?: string } = {}): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-slapd-'));
  mkdirSync(join(dir, 'data'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(conf, configuration(dir));
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  await run(SLAPADD, ['-q', '-f', conf, '-l', options.ldif ?? LDIF]);

  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
  const lines: string[] = [];
  let lastLine = Date.now();
  let partial = '';
  // In the foreground (-d): its log comes on stderr, and it ends with this process's kill.
  const child: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `${url}/ ${ldapsUrl}/`, '-d', 'stats'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    lastLine = Date.now();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitForPort(port, child, () => lines.join('\n'));
  } catch (err) {
    await stop();
    throw err;
  }
  const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
  return {
    pid: child.pid!,
    url,
    ldapsUrl,
    certificate,
    log: (from = 0) => lines.slice(from),
    mark: () => lines.length,
    settle: async (quietMs = 50) => {
      const until = Date.now() + 2_000;
      do await new Promise((r) => setTimeout(r, quietMs));
      while (Date.now() - lastLine < quietMs && Date.now() < until);
    },
    stop,
  };
}

/** Waits until slapd accepts connections (10 s at most), or fails with its log if it ended. */
async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd ended (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`slapd did not listen within 10 s:\n${log()}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const slapd = await startSlapd();
  console.log(`slapd at ${slapd.url} and ${slapd.ldapsUrl}`);
  console.log(
    `service account ${DIRECTORY.serviceDn} / ${DIRECTORY.servicePassword}; users under ${DIRECTORY.userBase}`,
  );
  const end = () => void slapd.stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
