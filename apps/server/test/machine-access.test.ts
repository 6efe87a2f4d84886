/**
 * Machine access to the admin API, tried as an attacker would: a service account's
 * client-credentials token and a personal access token reach exactly what they are given,
 * through the same grant checks as a session, and nothing once disabled, expired or revoked.
 */
import { Writable } from 'node:stream';
import { PERSONAL_ACCESS_TOKEN_PREFIX } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  jobs,
  oidcPayloads,
  personalAccessTokens,
  rolePermissions,
  users,
} from '../src/db/schema/index.ts';
import { auditOf, createApplication, del, put } from './fixtures.ts';
import { build } from './helper.ts';

const t = await build();
afterAll(() => t.close());

const V2 = '/api/admin-service/v2';
const admin = await t.login();
const OWN = '/api/admin-service/user/personal-access-tokens';

async function asAdmin(method: 'POST' | 'PUT', url: string, body: unknown) {
  const res =
    method === 'POST'
      ? await t.post(url, body as Record<string, unknown>, admin)
      : await put(t, url, body, admin);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function newClient(applicationId: string, clientType: 'CONFIDENTIAL' | 'PUBLIC' = 'CONFIDENTIAL') {
  return asAdmin('POST', `${V2}/application/client`, {
    clientName: `machine-${clientType}`,
    applicationId,
    clientType,
    ...(clientType === 'PUBLIC' ? { redirectUrl: 'http://localhost:5173/cb' } : {}),
  }) as Promise<{ acId: string; client: string; secret: string }>;
}

/** A client-credentials grant at the token endpoint: the answer's status and body. */
async function tokenRequest(client: string, secret: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(client)}:${encodeURIComponent(secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  return { status: res.statusCode, body: res.json() as { access_token?: string; error?: string } };
}

async function machineToken(client: string, secret: string): Promise<string> {
  const { status, body } = await tokenRequest(client, secret);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.access_token!;
}

const enable = (acId: string, enabled = true) =>
  put(t, `${V2}/application/client/${acId}/service-account`, { enabled }, admin);

/** A role granting `actions` on one console area, given to `userId` through the users API. */
async function giveRole(userId: string, permissionId: string, actions: string[], applicationIds?: string[]) {
  const role = await t.createRole({
    permissions: [{ permissionId, actions: actions as never, ...(applicationIds ? { applicationIds } : {}) }],
  });
  await asAdmin('PUT', `${V2}/user/${userId}/roles`, { roleIds: [role.roleId] });
  return role;
}

const appA = await createApplication(t.db, 'machine-a');
const appB = await createApplication(t.db, 'machine-b');
const listClients = (applicationId: string, token: string) =>
  t.get(`${V2}/application/client?applicationId=${applicationId}`, token);

describe('service accounts', () => {
  it('a public client cannot have one', async () => {
    const client = await newClient(appA, 'PUBLIC');
    const res = await enable(client.acId);
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('serviceAccount.publicClient');
  });

  it("reaches exactly its roles' routes, audited as the service account naming its client", async () => {
    const client = await newClient(appA);
    // Without a service account the token reaches no admin API.
    expect((await listClients(appA, await machineToken(client.client, client.secret))).statusCode).toBe(401);

    const enabled = await enable(client.acId);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const account = enabled.json();
    expect(account).toMatchObject({ enabled: true, username: `service-account-${client.client}` });
    const token = await machineToken(client.client, client.secret);
    // No role yet: every grant route is refused.
    expect((await listClients(appA, token)).statusCode).toBe(403);

    await giveRole(account.userId, 'app-config.client', ['retrieve', 'update'], [appA]);
    expect((await listClients(appA, token)).statusCode).toBe(200);
    // Beyond its roles: another application, another action, another area.
    expect((await listClients(appB, token)).statusCode).toBe(403);
    const create = await t.post(`${V2}/application/client`, { clientName: 'x', applicationId: appA }, token);
    expect(create.statusCode).toBe(403);
    expect((await t.get(`${V2}/user`, token)).statusCode).toBe(403);
    expect((await t.get(`${V2}/role`, token)).statusCode).toBe(403);

    // A change it makes is audited as the service account, naming its client.
    const other = await newClient(appA);
    const changed = await put(
      t,
      `${V2}/application/client`,
      { acId: other.acId, clientName: 'renamed by a machine' },
      token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [record] = (await auditOf(t.db, 'application-client', other.acId)).filter(
      (r) => r.action === 'update',
    );
    expect(record).toMatchObject({
      actorId: account.userId,
      actorName: `service-account-${client.client}`,
      via: `client:${client.client}`,
    });
    // Enabling was audited too.
    const [enabling] = await auditOf(t.db, 'service-account', client.acId);
    expect(enabling).toMatchObject({ action: 'enable', actorName: 'admin' });

    // Its own account's routes answer only to a session; its own roles are not its to change.
    expect((await t.get('/api/admin-service/user/profile', token)).statusCode).toBe(401);
    expect((await t.post(OWN, { name: 'n', expiresInDays: 1, scope: [] }, token)).statusCode).toBe(401);
  });

  it('is refused once its client, application or account is disabled, and for an expired token', async () => {
    const appC = await createApplication(t.db, 'machine-c');
    const client = await newClient(appC);
    const account = (await enable(client.acId)).json();
    await giveRole(account.userId, 'app-config.client', ['retrieve']);
    const token = await machineToken(client.client, client.secret);
    expect((await listClients(appC, token)).statusCode).toBe(200);

    // The service account disabled, then enabled again with its roles.
    expect((await enable(client.acId, false)).json()).toMatchObject({ enabled: false });
    expect((await listClients(appC, token)).statusCode).toBe(401);
    expect((await enable(client.acId, true)).statusCode).toBe(200);
    expect((await listClients(appC, token)).statusCode).toBe(200);

    // The client disabled.
    const status = (s: string) =>
      put(t, `${V2}/application/client/status`, { acId: client.acId, status: s }, admin);
    expect((await status('DISABLED')).statusCode).toBe(200);
    expect((await listClients(appC, token)).statusCode).toBe(401);
    expect((await status('ENABLED')).statusCode).toBe(200);
    expect((await listClients(appC, token)).statusCode).toBe(200);

    // The application disabled.
    await t.db.execute(sql`update applications set status = 'DISABLED' where application_id = ${appC}`);
    expect((await listClients(appC, token)).statusCode).toBe(401);
    await t.db.execute(sql`update applications set status = 'ENABLED' where application_id = ${appC}`);
    expect((await listClients(appC, token)).statusCode).toBe(200);

    // The token past its expiry.
    await t.db
      .update(oidcPayloads)
      .set({ payload: sql`jsonb_set(${oidcPayloads.payload}, '{exp}', to_jsonb(1))` })
      .where(eq(oidcPayloads.model, 'ClientCredentials'));
    expect((await listClients(appC, token)).statusCode).toBe(401);
  });

  it('is not held up by a role that requires two-factor sign-in, which it has no way to meet', async () => {
    const client = await newClient(appA);
    const account = (await enable(client.acId)).json();
    const role = await giveRole(account.userId, 'app-config.client', ['retrieve'], [appA]);
    const required = await put(
      t,
      `${V2}/role`,
      { roleId: role.roleId, name: role.name, code: role.code, requireTwoFactor: true },
      admin,
    );
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json().requireTwoFactor).toBe(true);
    const token = await machineToken(client.client, client.secret);
    expect((await listClients(appA, token)).statusCode).toBe(200);
    expect((await listClients(appB, token)).statusCode).toBe(403);
  });

  it('a rotated-away secret gets no token', async () => {
    const client = await newClient(appA);
    await enable(client.acId);
    const rotate = () => t.post(`${V2}/application/client/${client.acId}/secret`, {}, admin);
    const first = await rotate();
    expect(first.statusCode, first.body).toBeLessThan(300);
    const second = await rotate();
    // The creation's secret is two rotations old: gone.
    expect((await tokenRequest(client.client, client.secret)).body.error).toBe('invalid_client');
    expect((await tokenRequest(client.client, second.json().secret)).status).toBe(200);
  });

  it('cannot sign in, even with a password an administrator set', async () => {
    const client = await newClient(appA);
    const account = (await enable(client.acId)).json();
    const reset = await put(
      t,
      `${V2}/user/${account.userId}/password`,
      { password: 'Machine-pass-123!' },
      admin,
    );
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const login = await t.post('/api/oauth2-server/login', {
      username: account.username,
      password: 'Machine-pass-123!',
    });
    expect(login.statusCode).toBe(401);
    // The reset's "must change the password" does not hold the client's token up.
    await giveRole(account.userId, 'app-config.client', ['retrieve']);
    const token = await machineToken(client.client, client.secret);
    expect((await listClients(appA, token)).statusCode).toBe(200);
  });

  it("a client of application A does not act as B's service account", async () => {
    const clientA = await newClient(appA);
    const clientB = await newClient(appB);
    const accountB = (await enable(clientB.acId)).json();
    await giveRole(accountB.userId, 'app-config.client', ['retrieve']);
    const tokenB = await machineToken(clientB.client, clientB.secret);
    expect((await listClients(appB, tokenB)).statusCode).toBe(200);
    // A's client has no service account: its token is nobody, whatever B's holds.
    const tokenA = await machineToken(clientA.client, clientA.secret);
    expect((await listClients(appB, tokenA)).statusCode).toBe(401);
    // With its own service account, A's token holds A's account's roles (none), not B's.
    await enable(clientA.acId);
    const again = await machineToken(clientA.client, clientA.secret);
    expect((await listClients(appB, again)).statusCode).toBe(403);
    // B's secret does not authenticate A's client.
    expect((await tokenRequest(clientA.client, clientB.secret)).body.error).toBe('invalid_client');
  });
});

describe('personal access tokens', () => {
  const create = (token: string, body: unknown) => t.post(OWN, body as Record<string, unknown>, token);

  it('is shown once, stored hashed, and reaches only its scope', async () => {
    const created = await create(admin, {
      name: 'ci',
      expiresInDays: 30,
      scope: [{ permissionId: 'app-config.client', action: 'retrieve' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const pat = created.json();
    expect(pat.token.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX)).toBe(true);
    expect((await listClients(appA, pat.token)).statusCode).toBe(200);
    // An administrator's token is not an administrator: beyond its scope is 403.
    expect(
      (await t.post(`${V2}/application/client`, { clientName: 'x', applicationId: appA }, pat.token))
        .statusCode,
    ).toBe(403);
    expect((await t.get(`${V2}/user`, pat.token)).statusCode).toBe(403);

    // Listed with its last use, never with the token; the plain token is in no table.
    const listed = (await t.get(OWN, admin)).json();
    const mine = listed.find((p: { tokenId: string }) => p.tokenId === pat.tokenId);
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(pat.token);
    const everything = await t.db.execute(
      sql`select (select json_agg(a) from audit_log a)::text as audit, (select json_agg(p) from personal_access_tokens p)::text as pats, (select json_agg(j) from jobs j)::text as jobs`,
    );
    expect(JSON.stringify(everything)).not.toContain(pat.token);
    expect(JSON.stringify(everything)).not.toContain(pat.token.slice(PERSONAL_ACCESS_TOKEN_PREFIX.length));
  });

  it('cannot make a token, or change its owner’s password, two-factor or account', async () => {
    const pat = (
      await create(admin, {
        name: 'wide',
        expiresInDays: 1,
        scope: [
          { permissionId: 'admin-setting.manage-user', action: 'update' },
          { permissionId: 'admin-setting.manage-user', action: 'retrieve' },
        ],
      })
    ).json();
    const body = {
      name: 'n',
      expiresInDays: 1,
      scope: [{ permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
    };
    expect((await create(pat.token, body)).statusCode).toBe(401);
    expect((await t.get(OWN, pat.token)).statusCode).toBe(401);
    const change = await t.post(
      '/api/oauth2-server/change-password',
      { oldPassword: 'x', newPassword: 'Another-pass-123!' },
      pat.token,
    );
    expect(change.statusCode).toBe(401);
    expect((await t.post('/api/oauth2-server/two-factor/enrolment', undefined, pat.token)).statusCode).toBe(
      401,
    );
    // Through the users API, not on its owner's own account.
    const adminId = (await t.db.select().from(users).where(eq(users.username, 'admin')))[0]!.userId;
    expect(
      (await put(t, `${V2}/user/${adminId}/password`, { password: 'Taken-over-123!' }, pat.token)).statusCode,
    ).toBe(403);
    expect((await del(t, `${V2}/user/${adminId}/two-factor`, pat.token)).statusCode).toBe(403);
    expect(
      (await del(t, `${V2}/user/${adminId}/personal-access-tokens/${pat.tokenId}`, pat.token)).statusCode,
    ).toBe(403);
    // The administrator still signs in with the old password.
    expect(await t.login()).toBeTruthy();
  });

  it('is scoped to what the owner holds, and narrows when they lose it', async () => {
    const role = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve', 'update'] }],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const session = await t.login(user.username, user.password);
    const choices = (await t.get(`${OWN}/scope-choices`, session)).json();
    const byAction = (a: { action: string }, b: { action: string }) => a.action.localeCompare(b.action);
    expect([...choices].sort(byAction)).toEqual([
      { permissionId: 'app-config.client', action: 'retrieve' },
      { permissionId: 'app-config.client', action: 'update' },
    ]);
    const beyond = await create(session, {
      name: 'more',
      expiresInDays: 1,
      scope: [{ permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fields[0]).toMatchObject({ field: 'scope.0', key: 'pat.notHeld' });
    expect((await create(session, { name: 'long', expiresInDays: 366, scope: choices })).statusCode).toBe(
      400,
    );
    expect((await create(session, { name: 'none', expiresInDays: 1, scope: [] })).statusCode).toBe(400);

    const pat = (await create(session, { name: 'ok', expiresInDays: 1, scope: choices })).json();
    expect((await listClients(appA, pat.token)).statusCode).toBe(200);
    // The owner loses retrieve: so does the token.
    await t.db
      .update(rolePermissions)
      .set({ actions: ['update'] })
      .where(eq(rolePermissions.roleId, role.roleId));
    expect((await listClients(appA, pat.token)).statusCode).toBe(403);
  });

  it('is refused once expired, revoked, or its owner is disabled or deleted; the expiry is audited', async () => {
    const role = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'] }],
    });
    const scope = [{ permissionId: 'app-config.client', action: 'retrieve' }];
    const fresh = async () => {
      const user = await t.createUser({ roleIds: [role.roleId] });
      const session = await t.login(user.username, user.password);
      const pat = (await create(session, { name: 'p', expiresInDays: 1, scope })).json();
      expect((await listClients(appA, pat.token)).statusCode).toBe(200);
      return { user, session, pat };
    };

    const revoked = await fresh();
    const other = await fresh();
    // Another user can neither revoke nor see it.
    expect((await del(t, `${OWN}/${revoked.pat.tokenId}`, other.session)).statusCode).toBe(404);
    expect(JSON.stringify((await t.get(OWN, other.session)).json())).not.toContain(revoked.pat.tokenId);
    expect((await listClients(appA, revoked.pat.token)).statusCode).toBe(200);
    expect((await del(t, `${OWN}/${revoked.pat.tokenId}`, revoked.session)).statusCode).toBe(200);
    expect((await listClients(appA, revoked.pat.token)).statusCode).toBe(401);
    expect((await auditOf(t.db, 'personal-access-token', revoked.pat.tokenId)).map((r) => r.action)).toEqual([
      'create',
      'revoke',
    ]);

    const disabled = await fresh();
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.userId, disabled.user.userId));
    expect((await listClients(appA, disabled.pat.token)).statusCode).toBe(401);

    const deleted = await fresh();
    expect((await del(t, `${V2}/user/${deleted.user.userId}`, admin)).statusCode).toBe(204);
    expect((await listClients(appA, deleted.pat.token)).statusCode).toBe(401);

    // An administrator revokes another user's token.
    const byAdmin = await fresh();
    const revokedByAdmin = await del(
      t,
      `${V2}/user/${byAdmin.user.userId}/personal-access-tokens/${byAdmin.pat.tokenId}`,
      admin,
    );
    expect(revokedByAdmin.statusCode, revokedByAdmin.body).toBe(200);
    expect((await listClients(appA, byAdmin.pat.token)).statusCode).toBe(401);

    const expired = await fresh();
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(personalAccessTokens.tokenId, expired.pat.tokenId));
    expect((await listClients(appA, expired.pat.token)).statusCode).toBe(401);
    await t.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.queue, 'pat.expire'), sql`${jobs.payload}->>'tokenId' = ${expired.pat.tokenId}`));
    let records: { action: string; actorName: string | null }[] = [];
    for (let i = 0; i < 50 && !records.some((r) => r.action === 'expire'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      records = await auditOf(t.db, 'personal-access-token', expired.pat.tokenId);
    }
    expect(records.find((r) => r.action === 'expire')).toMatchObject({ actorName: 'system' });
    expect(JSON.stringify((await t.get(OWN, expired.session)).json())).not.toContain(expired.pat.tokenId);
  });

  it('changes made with it are audited as its owner, naming the token', async () => {
    const pat = (
      await create(admin, {
        name: 'changer',
        expiresInDays: 1,
        scope: [{ permissionId: 'app-config.client', action: 'update' }],
      })
    ).json();
    const client = await newClient(appA);
    const res = await put(
      t,
      `${V2}/application/client`,
      { acId: client.acId, clientName: 'by pat' },
      pat.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.acId), eq(auditLog.action, 'update')));
    expect(record).toMatchObject({ actorName: 'admin', via: `pat:${pat.tokenId}` });
    const listed = await t.get(`${V2}/audit?entity=application-client&entityId=${client.acId}`, admin);
    expect(listed.json().content[0]).toMatchObject({ action: 'update', via: `pat:${pat.tokenId}` });
  });
});

describe('the log', () => {
  it('never holds a personal access token or a service account token, used, refused or revoked', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await build({ logger: { level: 'trace', stream } });
    try {
      const session = await logged.login();
      const pat = (
        await logged.post(
          OWN,
          {
            name: 'logged',
            expiresInDays: 1,
            scope: [{ permissionId: 'app-config.client', action: 'retrieve' }],
          },
          session,
        )
      ).json();
      expect(pat.token).toMatch(/^ghpat_/);
      const applicationId = await createApplication(logged.db, 'machine-log');
      expect(
        (await logged.get(`${V2}/application/client?applicationId=${applicationId}`, pat.token)).statusCode,
      ).toBe(200);
      expect((await logged.get(`${V2}/user`, pat.token)).statusCode).toBe(403);
      expect((await logged.post(OWN, {}, pat.token)).statusCode).toBe(401);
      expect((await del(logged, `${OWN}/${pat.tokenId}`, session)).statusCode).toBe(200);
      expect(
        (await logged.get(`${V2}/application/client?applicationId=${applicationId}`, pat.token)).statusCode,
      ).toBe(401);
      const text = lines.join('');
      expect(text.length).toBeGreaterThan(0);
      expect(text).toContain(pat.tokenId);
      expect(text).not.toContain(pat.token);
      expect(text).not.toContain(pat.token.slice(PERSONAL_ACCESS_TOKEN_PREFIX.length));
    } finally {
      await logged.close();
    }
  });
});
