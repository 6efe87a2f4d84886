import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { openTestDatabase, TEST_DB } from './helper.ts';
import { type Receiver, startReceiver, until } from './webhook-receiver.ts';

/**
 * Issue 28: `kill -9` of the server with deliveries pending. The compiled server runs in a
 * child process, as `npm start` runs it, with its deliveries failing (the receiver answers
 * 503); it is killed mid-attempts, the receiver comes back, and a new server on the same
 * database delivers every event, each once: none lost with the process, and no message sent
 * twice in a row. A job claimed by the killed process comes back when its lease ends (the
 * attempt's deadline, 2 s here, and 5 s more).
 */

const serverDir = new URL('..', import.meta.url).pathname;
const PASSWORD = 'webhook-kill-test-password';
const EVENTS = 30;

let outDir: string;
let bundle: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  // Inside the repository, where node finds the packages the bundle imports; dist is ignored.
  mkdirSync(join(serverDir, 'dist'), { recursive: true });
  outDir = mkdtempSync(join(serverDir, 'dist', 'test-webhook-kill-'));
  bundle = join(outDir, 'main.js');
  execFileSync(process.execPath, [join(serverDir, 'build.mjs'), outDir]);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(outDir, { recursive: true, force: true });
});

type Server = { child: ChildProcess; origin: string; exited: Promise<NodeJS.Signals | null> };

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH, PORT: '0', GATEHOUSE_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Gatehouse listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then(() => reject(new Error(`the server exited:\n${output}`)));
  });
  return { child, origin, exited };
}

async function api(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function signIn(origin: string): Promise<string> {
  const res = await api(origin, 'POST', '/api/oauth2-server/login', undefined, {
    username: 'admin',
    password: PASSWORD,
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return res.body.result.token;
}

/** The server's database, on PGlite a data directory of this test's own, on PostgreSQL a new database. */
async function databaseEnv(): Promise<{ env: Record<string, string>; lockedJobs: () => Promise<number> }> {
  const count = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
    const result = await db.execute(sql`select count(*)::int as n from jobs where locked_until > now()`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  if (TEST_DB === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-webhook-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      env: { GATEHOUSE_DATA_DIR: dataDir },
      lockedJobs: async () => {
        // The killed process holds no lock on the data directory: it can be opened to look.
        const handle = await openDatabase({ kind: 'pglite', dataDir });
        try {
          return await count(handle.db);
        } finally {
          await handle.close();
        }
      },
    };
  }
  const { handle, url, drop } = await openTestDatabase();
  cleanups.push(drop);
  return { env: { DATABASE_URL: url! }, lockedJobs: () => count(handle.db) };
}

describe(`kill -9 with webhook deliveries pending (${TEST_DB})`, () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    cleanups.push(() => receiver.close());
  });

  it('delivers every event after the restart, none twice in a row', async () => {
    const { env: database, lockedJobs } = await databaseEnv();
    const env = {
      ...database,
      GATEHOUSE_SECRET_KEY: randomBytes(32).toString('base64'),
      GATEHOUSE_WEBHOOK_ALLOW_HTTP: 'true',
      GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: 'true',
      GATEHOUSE_WEBHOOK_TIMEOUT_MS: '2000',
      GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS: '300',
    };
    // Down: every attempt waits a little, then fails.
    let up = false;
    const accepted: string[] = [];
    receiver.answer = (req, res) => {
      if (!up) {
        setTimeout(() => {
          res.statusCode = 503;
          res.end();
        }, 100);
        return;
      }
      accepted.push(String(req.headers['webhook-id']));
      res.end('ok');
    };

    const first = await startServer(env);
    const token = await signIn(first.origin);
    const created = await api(first.origin, 'POST', '/api/admin-service/v2/webhooks', token, {
      name: 'Mirror',
      url: `${receiver.origin}/hook`,
      events: ['application.created'],
    });
    expect(created.status).toBe(201);
    const webhookId = created.body.webhook.webhookId as string;
    for (let i = 0; i < EVENTS; i++) {
      const res = await api(first.origin, 'POST', '/api/admin-service/v2/application', token, {
        applicationId: `kill-${i}`,
        name: `Kill ${i}`,
      });
      expect(res.status).toBe(201);
    }
    // Every event has its delivery, each tried and failed at least once.
    await until(async () => {
      const page = await api(
        first.origin,
        'GET',
        `/api/admin-service/v2/webhooks/${webhookId}/deliveries?size=100`,
        token,
      );
      return (
        page.body.totalElements === EVENTS &&
        page.body.content.every((d: { attempts: number }) => d.attempts >= 1)
      );
    }, 30_000);
    const triedBeforeKill = receiver.received.length;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const claimedAtKill = await lockedJobs();

    up = true;
    const restarted = Date.now();
    const second = await startServer(env);
    await until(() => new Set(accepted).size === EVENTS, 60_000);
    const tookMs = Date.now() - restarted;
    const again = await signIn(second.origin);
    const page = await api(
      second.origin,
      'GET',
      `/api/admin-service/v2/webhooks/${webhookId}/deliveries?size=100`,
      again,
    );
    const messageIds = page.body.content.map((d: { messageId: string }) => d.messageId).sort();
    expect(page.body.content.every((d: { status: string }) => d.status === 'SUCCEEDED')).toBe(true);
    expect([...new Set(accepted)].sort()).toEqual(messageIds);
    for (let i = 1; i < accepted.length; i++) expect(accepted[i], `message ${i}`).not.toBe(accepted[i - 1]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(null);
    console.info(
      `kill -9 with deliveries pending (${TEST_DB}): ${EVENTS} events, ${triedBeforeKill} failed attempts before the kill, ` +
        `${claimedAtKill} jobs claimed by the killed process; after the restart all ${EVENTS} delivered in ${tookMs} ms, ` +
        `${accepted.length - new Set(accepted).size} delivered twice`,
    );
  }, 120_000);
});
