import {
  APP_CONFIG_MESSAGES,
  clientSchema,
  createdClientSchema,
  legacyClientListSchema,
  MESSAGES,
  pageSchema,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationClients } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { auditOf, createApplication, put, query, tokenWith } from './fixtures.ts';
import { build, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let app: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  app = await createApplication(t.db, 'client-app');
});

const V2 = '/api/admin-service/v2/application/client';
const LEGACY_LIST = '/api/admin-service/applicationClient/getClientList';
const LEGACY_TOGGLE = '/api/admin-service/applicationClient/updateClientStatus';
const page = pageSchema(clientSchema);

async function create(body: Record<string, unknown> = {}, applicationId = app) {
  const res = await t.post(
    V2,
    { clientName: 'Shop', redirectUrl: 'https://shop.example/cb', applicationId, ...body },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return createdClientSchema.parse(res.json());
}

describe('POST /v2/application/client', () => {
  it('creates a client and returns its secret this once; only a hash is stored', async () => {
    const created = await create();
    expect(created).toMatchObject({
      clientName: 'Shop',
      redirectUrl: 'https://shop.example/cb',
      status: 'ENABLED',
      applicationId: app,
    });
    expect(created.client).toMatch(/^gh_[A-Za-z0-9_-]{24}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db
      .select()
      .from(applicationClients)
      .where(eq(applicationClients.acId, created.acId));
    expect(row!.secretHash).toBe(hashToken(created.secret!));
    expect(JSON.stringify(row)).not.toContain(created.secret!);

    const audits = await auditOf(t.db, 'application-client', created.acId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.action).toBe('create');
    const { secret: _secret, ...withoutSecret } = created;
    expect(audits[0]!.after).toEqual(withoutSecret);
    expect(JSON.stringify(audits[0])).not.toContain(created.secret);
    expect(JSON.stringify(audits[0])).not.toContain(row!.secretHash);
  });

  it('never returns the secret again: detail, lists, update and status', async () => {
    const created = await create({ clientName: 'Secretive' });
    const answers = [
      await t.get(`${V2}/${created.acId}`, admin),
      await t.get(`${V2}?applicationId=${app}&size=100`, admin),
      await t.get(`${LEGACY_LIST}?applicationId=${app}&size=100`, admin),
      await put(t, V2, { acId: created.acId, clientName: 'Renamed', redirectUrl: null }, admin),
      await put(t, `${V2}/status`, { acId: created.acId, status: 'DISABLED' }, admin),
      await put(t, `${LEGACY_TOGGLE}?acId=${created.acId}`, undefined, admin),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(created.secret);
      expect(res.body).not.toContain('secret');
    }
    expect(clientSchema.strict().parse(answers[0]!.json())).toMatchObject({ acId: created.acId });
  });

  it('makes client ids and secrets unique per client', async () => {
    const a = await create();
    const b = await create();
    expect(a.client).not.toBe(b.client);
    expect(a.secret).not.toBe(b.secret);
    expect(a.id).not.toBe(b.id);
  });

  it('validates the name, the redirect URL, the status and the application', async () => {
    const res = await t.post(V2, { applicationId: app }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ clientName: en(MESSAGES.required) });
    const badUrl = await t.post(
      V2,
      { clientName: 'x', redirectUrl: 'javascript:alert(1)', applicationId: app },
      admin,
    );
    expect(Object.keys(fieldMessages(badUrl.json()))).toEqual(['redirectUrl']);
    const badStatus = await t.post(V2, { clientName: 'x', status: 'PAUSED', applicationId: app }, admin);
    expect(Object.keys(fieldMessages(badStatus.json()))).toEqual(['status']);
    expect(fieldMessages((await t.post(V2, { clientName: 'x' }, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
    expect((await t.post(V2, { clientName: 'x', applicationId: 'nope' }, admin)).statusCode).toBe(404);
    const emptyUrl = await create({ redirectUrl: '', status: 'DISABLED' });
    expect(emptyUrl).toMatchObject({ redirectUrl: null, status: 'DISABLED' });
  });

  it('refuses a redirect URI with a fragment, or plain http to a host other than the loopback, on create and update', async () => {
    const refused = [
      ['https://shop.example/cb#state', en(APP_CONFIG_MESSAGES.redirectUrlFragment)],
      ['https://shop.example/cb#', en(APP_CONFIG_MESSAGES.redirectUrlFragment)],
      ['http://shop.example/cb', en(APP_CONFIG_MESSAGES.redirectUrlHttps)],
      ['https://shop.example/cb http://10.0.0.5/cb', en(APP_CONFIG_MESSAGES.redirectUrlHttps)],
    ] as const;
    const kept = await create();
    for (const [redirectUrl, message] of refused) {
      const created = await t.post(V2, { clientName: 'x', redirectUrl, applicationId: app }, admin);
      expect(created.statusCode, redirectUrl).toBe(400);
      expect(fieldMessages(created.json())).toEqual({ redirectUrl: message });
      const updated = await put(t, V2, { acId: kept.acId, clientName: 'x', redirectUrl }, admin);
      expect(updated.statusCode, redirectUrl).toBe(400);
      expect(fieldMessages(updated.json())).toEqual({ redirectUrl: message });
    }
    const loopback =
      'http://localhost:3000/cb http://127.0.0.1:4000/cb http://[::1]:5000/cb https://shop.example/cb';
    expect((await create({ redirectUrl: loopback })).redirectUrl).toBe(loopback);
    const [row] = await t.db.select().from(applicationClients).where(eq(applicationClients.acId, kept.acId));
    expect(row!.redirectUrl).toBe('https://shop.example/cb');
  });
});

describe('reading and changing clients', () => {
  it('GET /{acId} answers the client, or 404', async () => {
    const created = await create();
    const res = await t.get(`${V2}/${created.acId}`, admin);
    const { secret: _secret, ...expected } = created;
    expect(res.json()).toEqual(expected);
    expect((await t.get(`${V2}/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await t.get(`${V2}/not-a-uuid`, admin)).statusCode).toBe(404);
  });

  it('PUT updates name, redirect URL and optionally status, audited before/after', async () => {
    const created = await create();
    const res = await put(
      t,
      V2,
      { acId: created.acId, clientName: 'New name', redirectUrl: 'https://x.test/cb' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      clientName: 'New name',
      redirectUrl: 'https://x.test/cb',
      status: 'ENABLED',
    });
    const withStatus = await put(
      t,
      V2,
      { acId: created.acId, clientName: 'New name', status: 'DISABLED' },
      admin,
    );
    // A redirect URL left out is kept (issue 12: it used to be cleared); null clears it.
    expect(withStatus.json()).toMatchObject({ redirectUrl: 'https://x.test/cb', status: 'DISABLED' });
    const cleared = await put(
      t,
      V2,
      { acId: created.acId, clientName: 'New name', redirectUrl: null },
      admin,
    );
    expect(cleared.json()).toMatchObject({ redirectUrl: null, status: 'DISABLED' });
    const audits = await auditOf(t.db, 'application-client', created.acId);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(audits[1]).toMatchObject({ before: { clientName: 'Shop' }, after: { clientName: 'New name' } });
    expect((await put(t, V2, { acId: crypto.randomUUID(), clientName: 'x' }, admin)).statusCode).toBe(404);
    expect(fieldMessages((await put(t, V2, { clientName: 'x' }, admin)).json())).toEqual({
      acId: en(MESSAGES.required),
    });
    expect(fieldMessages((await put(t, V2, { acId: created.acId, clientName: ' ' }, admin)).json())).toEqual({
      clientName: en(MESSAGES.required),
    });
  });

  it('PUT /status sets the status', async () => {
    const created = await create();
    const res = await put(t, `${V2}/status`, { acId: created.acId, status: 'DISABLED' }, admin);
    expect(res.json()).toMatchObject({ status: 'DISABLED' });
    expect((await put(t, `${V2}/status`, { acId: created.acId, status: 'X' }, admin)).statusCode).toBe(400);
    expect(
      (await put(t, `${V2}/status`, { acId: crypto.randomUUID(), status: 'ENABLED' }, admin)).statusCode,
    ).toBe(404);
    const audits = await auditOf(t.db, 'application-client', created.acId);
    expect(audits.at(-1)).toMatchObject({
      action: 'status',
      before: { status: 'ENABLED' },
      after: { status: 'DISABLED' },
    });
  });

  it('the legacy updateClientStatus toggles ENABLED ↔ DISABLED, and any other value to ENABLED', async () => {
    const created = await create();
    const off = await put(t, `${LEGACY_TOGGLE}?acId=${created.acId}`, undefined, admin);
    expect(off.statusCode).toBe(200);
    expect(clientSchema.parse(off.json()).status).toBe('DISABLED');
    const on = await put(t, `${LEGACY_TOGGLE}?acId=${created.acId}`, undefined, admin);
    expect(on.json().status).toBe('ENABLED');
    await t.db
      .update(applicationClients)
      .set({ status: 'LOCKED' })
      .where(eq(applicationClients.acId, created.acId));
    expect((await put(t, `${LEGACY_TOGGLE}?acId=${created.acId}`, undefined, admin)).json().status).toBe(
      'ENABLED',
    );
    expect((await put(t, `${LEGACY_TOGGLE}?acId=${crypto.randomUUID()}`, undefined, admin)).statusCode).toBe(
      404,
    );
    expect(fieldMessages((await put(t, LEGACY_TOGGLE, undefined, admin)).json())).toEqual({
      acId: en(MESSAGES.required),
    });
    const actions = (await auditOf(t.db, 'application-client', created.acId)).map((a) => a.action);
    expect(actions).toEqual(['create', 'status', 'status', 'status']);
  });
});

describe('client lists', () => {
  let listed: string;
  beforeAll(async () => {
    listed = await createApplication(t.db);
    const start = Date.parse('2024-07-01T00:00:00Z');
    await t.db.insert(applicationClients).values(
      Array.from({ length: 13 }, (_, i) => ({
        applicationId: listed,
        clientName: i < 3 ? `Mobile ${i}` : `Web ${i}`,
        client: `gh_list_${String(i).padStart(2, '0')}`,
        id: `reg-${String(i).padStart(2, '0')}`,
        secretHash: hashToken(`secret-${i}`),
        status: i % 3 === 0 ? 'DISABLED' : 'ENABLED',
        createdAt: new Date(start + i * 86_400_000),
      })),
    );
  });

  const v2 = (params: Record<string, unknown>) =>
    t.get(`${V2}?${query({ applicationId: listed, ...params })}`, admin);
  const clients = async (params: Record<string, unknown>) =>
    page.parse((await v2(params)).json()).content.map((c) => c.client.slice(-2));

  it('pages newest first in both envelopes', async () => {
    const body = page.parse((await v2({ size: 5, page: 1 })).json());
    expect(body.totalElements).toBe(13);
    expect(body.content.map((c) => c.id)).toEqual(['reg-07', 'reg-06', 'reg-05', 'reg-04', 'reg-03']);
    const legacy = await t.get(
      `${LEGACY_LIST}?${query({ applicationId: listed, size: 10, page: 1 })}`,
      admin,
    );
    const parsed = legacyClientListSchema.parse(legacy.json());
    expect(parsed.total).toBe(13);
    expect(parsed.applicationClientList.map((c) => c.id)).toEqual(['reg-02', 'reg-01', 'reg-00']);
    expect(Object.keys(legacy.json())).toEqual(['applicationClientList', 'total']);
    expect(page.parse((await v2({ page: 5 })).json())).toEqual({ content: [], totalElements: 13 });
    expect((await v2({ size: 101 })).statusCode).toBe(400);
    expect((await v2({ size: 100 })).statusCode).toBe(200);
  });

  it('sorts by allowed fields only', async () => {
    expect(await clients({ sort: 'clientName,asc', size: 2 })).toEqual(['00', '01']);
    expect(await clients({ sort: 'name,desc', size: 1 })).toEqual(['09']);
    expect((await v2({ sort: 'secretHash,asc' })).statusCode).toBe(400);
    expect((await v2({ sort: 'client,asc' })).statusCode).toBe(400);
  });

  it('searches by keyword, name, client, status and created days', async () => {
    expect(await clients({ keyword: 'MOBILE' })).toEqual(['02', '01', '00']);
    expect(await clients({ keyword: 'reg-1' })).toEqual(['12', '11', '10']);
    expect(await clients({ clientName: 'web 1' })).toEqual(['12', '11', '10']);
    expect(await clients({ client: 'list_04' })).toEqual(['04']);
    expect(await clients({ status: ['DISABLED'], size: 100 })).toEqual(['12', '09', '06', '03', '00']);
    const legacy = await t.get(
      `${LEGACY_LIST}?applicationId=${listed}&status[0]=DISABLED&clientName=web`,
      admin,
    );
    expect(legacyClientListSchema.parse(legacy.json()).total).toBe(4);
    expect(await clients({ createdFrom: '2024/07/12', createdTo: '2024/07/13' })).toEqual(['12', '11']);
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    expect(fieldMessages((await t.get(V2, admin)).json())).toEqual({ applicationId: en(MESSAGES.required) });
    expect(fieldMessages((await t.get(LEGACY_LIST, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
    expect((await t.get(`${V2}?applicationId=nope`, admin)).statusCode).toBe(404);
    expect((await t.get(`${LEGACY_LIST}?applicationId=nope`, admin)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    const acId = crypto.randomUUID();
    for (const res of [
      await t.get(`${V2}?applicationId=${app}`),
      await t.get(`${V2}/${acId}`),
      await t.post(V2, {}),
      await put(t, V2, {}),
      await put(t, `${V2}/status`, {}),
      await t.get(`${LEGACY_LIST}?applicationId=${app}`),
      await put(t, `${LEGACY_TOGGLE}?acId=${acId}`, undefined),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 403 without the permission, and writes nothing', async () => {
    const created = await create();
    const reader = await tokenWith(t, 'app-config.client', ['retrieve']);
    expect((await t.get(`${V2}?applicationId=${app}`, reader)).statusCode).toBe(200);
    expect((await t.get(`${LEGACY_LIST}?applicationId=${app}`, reader)).statusCode).toBe(200);
    expect((await t.get(`${V2}/${created.acId}`, reader)).statusCode).toBe(200);
    expect((await t.post(V2, { clientName: 'x', applicationId: app }, reader)).statusCode).toBe(403);
    expect((await put(t, V2, { acId: created.acId, clientName: 'x' }, reader)).statusCode).toBe(403);
    expect(
      (await put(t, `${V2}/status`, { acId: created.acId, status: 'DISABLED' }, reader)).statusCode,
    ).toBe(403);
    expect((await put(t, `${LEGACY_TOGGLE}?acId=${created.acId}`, undefined, reader)).statusCode).toBe(403);
    expect(await auditOf(t.db, 'application-client', created.acId)).toHaveLength(1);
    const none = await tokenWith(t, 'app-config.client');
    expect((await t.get(`${V2}?applicationId=${app}`, none)).statusCode).toBe(403);
  });
});
