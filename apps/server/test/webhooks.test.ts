import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_PERMISSION_ID,
  type WebhookDelivery,
  type Webhook as WebhookRecord,
} from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, webhooks } from '../src/db/schema/index.ts';
import { AUDIT_EVENTS_QUEUE, audit, auditedChange } from '../src/lib/audit.ts';
import { MAIL_QUEUE } from '../src/lib/mailer.ts';
import { seal } from '../src/lib/server-key.ts';
import { auditOf, createApplication, del, put } from './fixtures.ts';
import { build, fieldKey, type TestContext } from './helper.ts';
import { type Receiver, startReceiver, until } from './webhook-receiver.ts';

const BASE = '/api/admin-service/v2/webhooks';

let t: TestContext;
let admin: string;
let receiver: Receiver;
let appA: string;
let appB: string;

beforeAll(async () => {
  t = await build({
    config: {
      // The receivers listen on 127.0.0.1 over plain http.
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
      // Retries within the test, not minutes apart; a slow receiver gives up within it too.
      webhookRetryDelaysMs: [100],
      webhookTimeoutMs: 1_000,
      jobPollIntervalMs: 50,
      auditSealIntervalMs: 0,
      auditPurgeCheckIntervalMs: 0,
    },
  });
  admin = await t.login();
  receiver = await startReceiver();
  appA = await createApplication(t.db, 'hooks-a');
  appB = await createApplication(t.db, 'hooks-b');
});

afterAll(async () => {
  await receiver?.close();
});

type Created = { webhook: WebhookRecord; secret: string };

async function createWebhook(body: Record<string, unknown>, token = admin): Promise<Created> {
  const res = await t.post(BASE, { name: 'Hook', url: `${receiver.origin}/hook`, ...body }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function deliveriesOf(webhookId: string): Promise<WebhookDelivery[]> {
  const res = await t.get(`${BASE}/${webhookId}/deliveries?size=100`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content;
}

/** The requests the receiver took with this webhook's deliveries (by their `webhook-id`s). */
function receivedFor(messageIds: string[]) {
  return receiver.received.filter((r) => messageIds.includes(r.headers['webhook-id']!));
}

async function disableAll() {
  await t.db.update(webhooks).set({ enabled: false });
}

const createApp = (applicationId: string) =>
  t.post('/api/admin-service/v2/application', { applicationId, name: applicationId }, admin);

describe('webhooks: settings', () => {
  it('shows the secret once: at creation and rotation, never in a read, a list or an audit record', async () => {
    const { webhook, secret } = await createWebhook({ events: ['user.*'] });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      enabled: true,
      applicationId: null,
      disabledReason: null,
      ownerName: 'admin',
    });
    const read = await t.get(`${BASE}/${webhook.webhookId}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    const list = await t.get(`${BASE}?platform=true`, admin);
    expect(list.json().content.map((w: WebhookRecord) => w.webhookId)).toContain(webhook.webhookId);
    expect(list.body).not.toContain('whsec_');
    const rotated = await t.post(`${BASE}/${webhook.webhookId}/rotate-secret`, undefined, admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    const records = await auditOf(t.db, 'webhook', webhook.webhookId);
    expect(records.map((r) => r.action)).toEqual(['create', 'secret.rotate']);
    const text = JSON.stringify(records);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(rotated.json().secret);
    expect(text).not.toContain('whsec_');
    // Stored sealed, not as it was shown.
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.webhookId, webhook.webhookId));
    expect(row!.secretSealed).not.toContain('whsec_');
    await disableAll();
  });

  it('answers 400 with field messages for bad input and 404 for unknown ids', async () => {
    const bad = await t.post(BASE, { name: '', url: 'ftp://x', events: ['User.*', 'user.*.x'] }, admin);
    expect(bad.statusCode).toBe(400);
    expect(fieldKey(bad.json(), 'url')).toBe('webhook.url');
    const none = await t.post(BASE, { name: 'n', url: 'https://example.com/h', events: [] }, admin);
    expect(fieldKey(none.json(), 'events')).toBe('webhook.chooseEvents');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.get(`${BASE}/${unknown}`, admin)).statusCode).toBe(404);
    expect(
      (await put(t, `${BASE}/${unknown}`, { name: 'n', url: 'https://e.com/', events: ['*'] }, admin))
        .statusCode,
    ).toBe(404);
    expect((await del(t, `${BASE}/${unknown}`, admin)).statusCode).toBe(404);
    expect((await t.get(`${BASE}/${unknown}/deliveries`, admin)).statusCode).toBe(404);
    const missingApp = await t.post(
      BASE,
      { name: 'n', url: 'https://e.com/', events: ['*'], applicationId: 'nope' },
      admin,
    );
    expect(missingApp.statusCode).toBe(404);
  });

  it('lists the event types', async () => {
    const res = await t.get(`${BASE}/event-types`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContain('auth.login.failed');
  });
});

describe('webhooks: delivery', () => {
  it('signs each request as Standard Webhooks says, which the standardwebhooks library verifies', async () => {
    const { webhook, secret } = await createWebhook({ events: ['application.*'] });
    expect((await createApp('signed-app')).statusCode).toBe(201);
    const [delivery] = await until(async () => {
      const list = await deliveriesOf(webhook.webhookId);
      return list.length > 0 && list[0]!.status === 'SUCCEEDED' && list;
    });
    expect(delivery).toMatchObject({ eventType: 'application.created', attempts: 1, responseCode: 200 });
    const [request] = receivedFor([delivery!.messageId]);
    const verified = new Webhook(secret).verify(request!.body, request!.headers) as {
      data: Record<string, unknown>;
    };
    expect(verified).toMatchObject({
      type: 'application.created',
      data: {
        entity: 'application',
        entityId: 'signed-app',
        applicationId: 'signed-app',
        action: 'create',
        actor: { name: 'admin' },
        before: null,
        after: { applicationId: 'signed-app' },
      },
    });
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(request!.headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    expect(() => new Webhook(other).verify(request!.body, request!.headers)).toThrow();
    await disableAll();
  });

  it('retries a failing receiver with the same webhook-id until it answers 2xx, and logs each attempt', async () => {
    const { webhook } = await createWebhook({ events: ['application.created'] });
    let calls = 0;
    receiver.answer = (_req, res) => {
      calls++;
      if (calls <= 2) {
        res.statusCode = 500;
        res.end('down for now');
      } else res.end('ok');
    };
    try {
      expect((await createApp('retried-app')).statusCode).toBe(201);
      const failing = await until(async () => {
        const [d] = await deliveriesOf(webhook.webhookId);
        return d && d.attempts >= 1 && d.status === 'PENDING' && d;
      });
      expect(failing).toMatchObject({ responseCode: 500, error: null });
      expect(failing.nextAttemptAt).not.toBeNull();
      const [done] = await until(async () => {
        const list = await deliveriesOf(webhook.webhookId);
        return list[0]?.status === 'SUCCEEDED' && list;
      });
      expect(done).toMatchObject({ attempts: 3, responseCode: 200, nextAttemptAt: null, error: null });
      const requests = receivedFor([done!.messageId]);
      expect(requests).toHaveLength(3);
      expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([done!.messageId]));
      const detail = (
        await t.get(`${BASE}/${webhook.webhookId}/deliveries/${done!.deliveryId}`, admin)
      ).json();
      expect(detail).toMatchObject({ responseBody: 'ok', payload: { type: 'application.created' } });
      // Failing since the first failure, and not any more once one succeeded.
      const after = (await t.get(`${BASE}/${webhook.webhookId}`, admin)).json();
      expect(after.failingSince).toBeNull();
    } finally {
      receiver.answer = (_req, res) => res.end('ok');
      await disableAll();
    }
  });

  it('sends nothing for a rolled-back change, and delivers a committed one', async () => {
    const { webhook } = await createWebhook({ events: ['application.*'] });
    const ctx = { actorId: null, actorName: 'test', ip: null, requestId: null };
    // The outbox jobs of the records of `entityId`.
    const outboxOf = async (db: Pick<typeof t.db, 'execute'>, entityId: string) =>
      (
        (await db.execute(
          sql`select j.id from ${jobs} j join ${auditLog} a on a.id = (j.payload->>'auditId')::bigint
              where j.queue = ${AUDIT_EVENTS_QUEUE} and a.entity_id = ${entityId}`,
        )) as unknown as { rows: unknown[] }
      ).rows.length;
    // The change, its audit record and the record's outbox job are written, then the change fails.
    await expect(
      t.db.transaction(async (tx) => {
        await audit(tx, ctx, { entity: 'application', action: 'create', entityId: 'never-committed' });
        expect(await outboxOf(tx, 'never-committed')).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outboxOf(t.db, 'never-committed')).toBe(0);
    await auditedChange(t.db, ctx, { entity: 'application', action: 'create' }, async () => ({
      entityId: 'committed',
      after: { applicationId: 'committed' },
    }));
    const [delivered] = await until(async () => {
      const l = await deliveriesOf(webhook.webhookId);
      return l.length === 1 && l[0]!.status === 'SUCCEEDED' && l;
    });
    const [request] = receivedFor([delivered!.messageId]);
    expect(JSON.parse(request!.body).data.entityId).toBe('committed');
    // Nothing is ever sent for the rolled-back one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveriesOf(webhook.webhookId)).toHaveLength(1);
    expect(receiver.received.some((r) => r.body.includes('never-committed'))).toBe(false);
    await disableAll();
  });

  it('adds no outbox job while no webhook is enabled', async () => {
    await disableAll();
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.queue, AUDIT_EVENTS_QUEUE));
    expect((await createApp('quiet-app')).statusCode).toBe(201);
    const after = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.queue, AUDIT_EVENTS_QUEUE));
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('matches event patterns and application scopes', async () => {
    const users = await createWebhook({ events: ['user.*'] });
    const clientsOfA = await createWebhook({ events: ['application.client.*'], applicationId: appA });
    const everything = await createWebhook({ events: ['*'], applicationId: appB });
    const user = await t.post(
      '/api/admin-service/v2/user',
      { username: 'hooked-user', name: 'Hooked', email: 'h@example.com' },
      admin,
    );
    expect(user.statusCode, user.body).toBe(201);
    for (const applicationId of [appA, appB]) {
      const client = await t.post(
        '/api/admin-service/v2/application/client',
        { clientName: 'c', applicationId },
        admin,
      );
      expect(client.statusCode, client.body).toBe(201);
    }
    await until(async () => (await deliveriesOf(everything.webhook.webhookId)).length === 2);
    await until(async () => (await deliveriesOf(clientsOfA.webhook.webhookId)).length === 1);
    await until(async () => (await deliveriesOf(users.webhook.webhookId)).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const types = async (id: string) => (await deliveriesOf(id)).map((d) => d.eventType).sort();
    // The platform webhook hears user.created, not the clients.
    expect(await types(users.webhook.webhookId)).toEqual(['user.created']);
    // Each application webhook hears its own application alone.
    expect(await types(clientsOfA.webhook.webhookId)).toEqual(['application.client.created']);
    // `*` in B: B's client, and the webhook's own creation (a record of application B too).
    expect(await types(everything.webhook.webhookId)).toEqual([
      'application.client.created',
      'webhook.created',
    ]);
    const ofB = (await deliveriesOf(everything.webhook.webhookId)).find(
      (d) => d.eventType !== 'webhook.created',
    );
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, Number(ofB!.auditId)));
    expect(record!.applicationId).toBe(appB);
    await disableAll();
  });

  it('sends a test event to one webhook, and redelivers a finished delivery with the same webhook-id', async () => {
    const { webhook, secret } = await createWebhook({ events: ['role.deleted'], enabled: false });
    const sent = await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', auditId: null });
    const done = await until(async () => {
      const [d] = await deliveriesOf(webhook.webhookId);
      return d?.status === 'SUCCEEDED' && d;
    });
    const [request] = receivedFor([done.messageId]);
    expect(new Webhook(secret).verify(request!.body, request!.headers)).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: webhook.webhookId },
    });
    const again = await t.post(
      `${BASE}/${webhook.webhookId}/deliveries/${done.deliveryId}/redeliver`,
      undefined,
      admin,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().messageId).toBe(done.messageId);
    expect(again.json().deliveryId).not.toBe(done.deliveryId);
    // Still pending: not sent again.
    const pending = await t.post(
      `${BASE}/${webhook.webhookId}/deliveries/${again.json().deliveryId}/redeliver`,
      undefined,
      admin,
    );
    if (pending.statusCode !== 201) expect(pending.json()).toMatchObject({ key: 'webhook.notPending' });
    await until(async () => receivedFor([done.messageId]).length >= 2);
    const statuses = await t.get(`${BASE}/${webhook.webhookId}/deliveries?status=SUCCEEDED`, admin);
    expect(statuses.json().totalElements).toBeGreaterThanOrEqual(1);
  });

  it('refuses to redeliver a pending delivery', async () => {
    const { webhook } = await createWebhook({ events: ['role.deleted'], enabled: false });
    receiver.answer = (_req, res) => {
      res.statusCode = 503;
      res.end();
    };
    try {
      const sent = (await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin)).json();
      const res = await t.post(
        `${BASE}/${webhook.webhookId}/deliveries/${sent.deliveryId}/redeliver`,
        undefined,
        admin,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'webhook.notPending' });
    } finally {
      receiver.answer = (_req, res) => res.end('ok');
      await t.db
        .update(webhooks)
        .set({ url: 'http://127.0.0.1:9/gone' })
        .where(eq(webhooks.webhookId, webhook.webhookId));
    }
  });

  it('gives a delivery up after the retry window', async () => {
    const { webhook } = await createWebhook({ events: ['role.deleted'], enabled: false });
    receiver.answer = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    try {
      const sent = (await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin)).json();
      await until(async () => (await deliveriesOf(webhook.webhookId))[0]!.attempts >= 1);
      await t.db.execute(
        sql`update webhook_deliveries set created_at = now() - interval '25 hours' where delivery_id = ${sent.deliveryId}`,
      );
      const failed = await until(async () => {
        const [d] = await deliveriesOf(webhook.webhookId);
        return d?.status === 'FAILED' && d;
      });
      expect(failed).toMatchObject({ responseCode: 500, nextAttemptAt: null });
    } finally {
      receiver.answer = (_req, res) => res.end('ok');
    }
  });

  it('disables a webhook failing for 5 days, with an audit record and its owner told', async () => {
    await t.db.execute(
      sql`update users set email = 'admin@example.com', language = 'zh' where username = 'admin'`,
    );
    const { webhook } = await createWebhook({ events: ['role.deleted'] });
    receiver.answer = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    try {
      await t.db
        .update(webhooks)
        .set({ failingSince: sql`now() - interval '6 days'` })
        .where(eq(webhooks.webhookId, webhook.webhookId));
      await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin);
      const disabled = await until(async () => {
        const w = (await t.get(`${BASE}/${webhook.webhookId}`, admin)).json();
        return !w.enabled && w;
      });
      expect(disabled).toMatchObject({ disabledReason: 'failing' });
      const records = await auditOf(t.db, 'webhook', webhook.webhookId);
      expect(records.at(-1)).toMatchObject({ action: 'disabled', actorId: null });
      expect((records.at(-1)!.after as WebhookRecord).enabled).toBe(false);
      // The email to the owner went through the job queue (without SMTP_URL, to the log).
      const mails = await t.db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE));
      expect(mails.length).toBeLessThanOrEqual(1);
      // Enabled again, it starts with a clean slate.
      const enabled = await put(t, `${BASE}/${webhook.webhookId}/status`, { status: 'ENABLED' }, admin);
      expect(enabled.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    } finally {
      receiver.answer = (_req, res) => res.end('ok');
      await disableAll();
    }
  });
});

describe('webhooks: delegated administration', () => {
  it('reaches the webhooks of the granted applications alone, never the platform’s', async () => {
    const platform = await createWebhook({ events: ['*'], enabled: false });
    const ofA = await createWebhook({ events: ['*'], applicationId: appA, enabled: false });
    const ofB = await createWebhook({ events: ['*'], applicationId: appB, enabled: false });
    const role = await t.createRole({
      permissions: [{ permissionId: WEBHOOK_PERMISSION_ID, applicationIds: [appA] }],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);

    const listed = (await t.get(`${BASE}?size=100`, token))
      .json()
      .content.map((w: WebhookRecord) => w.webhookId);
    expect(listed).toContain(ofA.webhook.webhookId);
    expect(listed).not.toContain(ofB.webhook.webhookId);
    expect(listed).not.toContain(platform.webhook.webhookId);
    expect((await t.get(`${BASE}?platform=true`, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}?applicationId=${appB}`, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${platform.webhook.webhookId}`, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${ofB.webhook.webhookId}`, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${ofA.webhook.webhookId}`, token)).statusCode).toBe(200);
    const body = { name: 'n', url: `${receiver.origin}/x`, events: ['*'], enabled: false };
    expect((await t.post(BASE, body, token)).statusCode).toBe(403);
    expect((await t.post(BASE, { ...body, applicationId: appB }, token)).statusCode).toBe(403);
    expect((await t.post(BASE, { ...body, applicationId: appA }, token)).statusCode).toBe(201);
    expect((await put(t, `${BASE}/${platform.webhook.webhookId}`, body, token)).statusCode).toBe(403);
    expect((await del(t, `${BASE}/${ofB.webhook.webhookId}`, token)).statusCode).toBe(403);
    expect((await t.post(`${BASE}/${platform.webhook.webhookId}/test`, undefined, token)).statusCode).toBe(
      403,
    );
    expect((await t.get(`${BASE}/${ofB.webhook.webhookId}/deliveries`, token)).statusCode).toBe(403);
    expect((await del(t, `${BASE}/${ofA.webhook.webhookId}`, token)).statusCode).toBe(204);
  });
});

describe('webhooks: outbound safety', () => {
  it('follows no redirect: a 302 is a failed attempt, and its target hears nothing', async () => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver();
    redirecting.answer = (_req, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/stolen` });
      res.end();
    };
    try {
      const { webhook } = await createWebhook({ events: ['role.deleted'], url: `${redirecting.origin}/h` });
      await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin);
      const failed = await until(async () => {
        const [d] = await deliveriesOf(webhook.webhookId);
        return d && d.attempts >= 1 && d;
      });
      expect(failed).toMatchObject({ status: 'PENDING', responseCode: 302 });
      expect(redirecting.received.length).toBeGreaterThanOrEqual(1);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await disableAll();
      await elsewhere.close();
      await redirecting.close();
    }
  });

  it('abandons an attempt at its deadline', async () => {
    const slow = await startReceiver();
    slow.answer = (_req, res) => {
      setTimeout(() => res.end('too late'), 3_000).unref();
    };
    try {
      const { webhook } = await createWebhook({ events: ['role.deleted'], url: `${slow.origin}/h` });
      await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin);
      const failed = await until(async () => {
        const [d] = await deliveriesOf(webhook.webhookId);
        return d && d.attempts >= 1 && d;
      });
      // The test app's deadline is 1 s (webhookTimeoutMs).
      expect(failed).toMatchObject({ status: 'PENDING', responseCode: null, error: 'timeout' });
      expect(failed.durationMs).toBeGreaterThanOrEqual(950);
      expect(failed.durationMs).toBeLessThan(2_500);
    } finally {
      await disableAll();
      await slow.close();
    }
  });

  it('reads at most 64 KiB of an answer, then drops the connection', async () => {
    const huge = await startReceiver();
    let finished: boolean | undefined;
    huge.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // 32 MiB, more than any socket buffer holds: the write ends only if the server reads it all.
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const write = () => {
        while (sent < 32) {
          sent++;
          if (!res.write(chunk)) return res.once('drain', write);
        }
        res.end();
      };
      res.on('close', () => {
        finished = res.writableFinished;
      });
      write();
    };
    try {
      const { webhook } = await createWebhook({ events: ['role.deleted'], url: `${huge.origin}/h` });
      await t.post(`${BASE}/${webhook.webhookId}/test`, undefined, admin);
      const done = await until(async () => {
        const [d] = await deliveriesOf(webhook.webhookId);
        return d?.status === 'SUCCEEDED' && d;
      });
      const detail = (
        await t.get(`${BASE}/${webhook.webhookId}/deliveries/${done.deliveryId}`, admin)
      ).json();
      expect(detail.responseBody).toBe('a'.repeat(2048));
      await until(() => finished !== undefined);
      expect(finished).toBe(false);
    } finally {
      await disableAll();
      await huge.close();
    }
  });
});

describe('webhooks: SSRF, with the default settings (https only, public addresses only)', () => {
  let strict: TestContext;
  let token: string;
  let target: Receiver;
  const secretKey = randomBytes(32);

  beforeAll(async () => {
    strict = await build({ config: { secretKey, webhookRetryDelaysMs: [60_000], jobPollIntervalMs: 50 } });
    token = await strict.login();
    target = await startReceiver();
  });
  afterAll(async () => {
    await target?.close();
  });

  const save = (url: string) => strict.post(BASE, { name: 'n', url, events: ['*'] }, token);

  it('refuses plain http when saving', async () => {
    const res = await save('http://hooks.example.com/x');
    expect(res.statusCode).toBe(400);
    expect(fieldKey(res.json(), 'url')).toBe('webhook.httpsOnly');
  });

  it.each([
    'https://127.0.0.1/x',
    'https://10.1.2.3/x',
    'https://192.168.0.10/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd00::1]/x',
    'https://0.0.0.0/x',
    'https://localhost/x',
  ])('refuses %s when saving', async (url) => {
    const res = await save(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldKey(res.json(), 'url')).toBe('webhook.privateTarget');
  });

  it('accepts a public address', async () => {
    expect((await save('https://203.0.114.7/x')).statusCode).toBe(201);
  });

  it.each([
    ['a loopback address', (port: number) => `https://127.0.0.1:${port}/x`, 'private address'],
    ['a name resolving to loopback', (port: number) => `https://localhost:${port}/x`, 'private address'],
    ['plain http', (port: number) => `http://127.0.0.1:${port}/x`, 'http not allowed'],
  ])('refuses %s again at delivery time', async (_, urlOf, error) => {
    // Saved when the settings allowed it, or changed behind the API's back.
    const [row] = await strict.db
      .insert(webhooks)
      .values({
        name: 'old',
        url: urlOf(target.port),
        events: ['*'],
        enabled: false,
        secretSealed: seal(secretKey, `whsec_${randomBytes(32).toString('base64')}`),
      })
      .returning();
    const sent = await strict.post(`${BASE}/${row!.webhookId}/test`, undefined, token);
    expect(sent.statusCode).toBe(201);
    const failed = await until(async () => {
      const [d] = (await strict.get(`${BASE}/${row!.webhookId}/deliveries`, token)).json().content;
      return d.attempts >= 1 && d;
    });
    expect(failed).toMatchObject({ status: 'PENDING', responseCode: null, error });
    expect(target.received).toEqual([]);
  });
});
