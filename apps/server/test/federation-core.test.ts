import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createdClientSchema, PLATFORM_APP_ID } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  federationFlows,
  groupMembers,
  groups,
  identityProviders,
  rolePermissions,
  userIdentities,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { FEDERATION_COOKIE } from '../src/modules/federation/sign-in.ts';
import type { StoredSettings, UpstreamIdentity } from '../src/modules/federation/types.ts';
import { DEVICE_COOKIE } from '../src/plugins/device-cookie.ts';
import { auditOf, createApplication, del, put, tokenWith } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';

/**
 * The part of federated sign-in that is the same for every protocol: the flow bound to the
 * browser, the user it resolves to (linked, linked now, created), the mapping and its rules,
 * Gatehouse's own checks, and the handoff. The protocol here is a stand-in whose upstream
 * answer the test writes; the OIDC, SAML and LDAP tests run the same code against real
 * counterparts.
 */

let t: TestContext;
let admin: string;
let origin: string;
const ADMINS_ROLE = { id: '' };
const STAFF_GROUP = { id: '' };

const settings = (over: Partial<StoredSettings> = {}): StoredSettings => ({
  jitProvisioning: true,
  trustEmail: false,
  trustMfa: false,
  mfaValues: ['mfa'],
  attributes: {},
  rules: [],
  oidc: { issuer: 'https://idp.test', clientId: 'gatehouse', scopes: ['openid'], pkce: true },
  ...over,
});

async function provider(over: Partial<StoredSettings> = {}, name = 'Test IdP'): Promise<string> {
  const [row] = await t.db
    .insert(identityProviders)
    .values({ type: 'oidc', name, settings: settings(over) })
    .returning();
  return row!.providerId;
}

const upstream = (
  subject: string,
  attributes: Record<string, string[]> = {},
  extra: Partial<UpstreamIdentity> = {},
) => ({ subject, attributes, emailVerified: false, authnContext: [], ...extra }) satisfies UpstreamIdentity;

/** Starts a sign-in in a browser: the cookie it got, and the flow id the upstream would echo. */
async function start(providerId: string, query = '', cookie?: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/oauth2-server/federation/${providerId}/start${query}`,
    headers: cookie ? { cookie: `${FEDERATION_COOKIE}=${cookie}` } : {},
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, 'http://x');
  const set = res.cookies.find((c) => c.name === FEDERATION_COOKIE);
  return { location, cookie: set?.value ?? cookie ?? '', state: location.searchParams.get('state') ?? '' };
}

/** The upstream answered for `who`: the SPA URL the browser is sent to. */
async function answer(
  providerId: string,
  state: string,
  who: UpstreamIdentity,
  cookie: string | null = null,
) {
  const federation = t.app.services.federation;
  const request = cookie === null ? null : ({ cookies: { [FEDERATION_COOKIE]: cookie } } as never);
  const { flow, provider: record } = await federation.flowForCallback(providerId, state, request);
  const meta = { actorId: null, actorName: null, ip: '127.0.0.1', requestId: null, userAgent: null };
  return new URL(await federation.complete(flow, record, who, meta), 'http://x');
}

async function exchange(handoff: string, cookie: string) {
  return t.inject({
    method: 'POST',
    url: '/api/oauth2-server/federation/exchange',
    payload: { handoff },
    headers: { cookie: `${FEDERATION_COOKIE}=${cookie}` },
  });
}

/** A whole console sign-in through the stand-in: the exchange's answer. */
async function signIn(providerId: string, who: UpstreamIdentity) {
  const s = await start(providerId);
  const back = await answer(providerId, s.state, who, s.cookie);
  const handoff = back.searchParams.get('sso');
  return { back, s, res: handoff ? await exchange(handoff, s.cookie) : undefined };
}

beforeAll(async () => {
  t = await build();
  t.app.services.federation.registerProtocol('oidc', {
    async begin(_provider, flowId) {
      return { redirectTo: `https://idp.test/authorize?state=${flowId}`, data: { nonce: 'n' } };
    },
  });
  admin = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const role = await t.createRole({ name: 'Federated admins' });
  ADMINS_ROLE.id = role.roleId;
  const [group] = await t.db.insert(groups).values({ name: 'Staff', code: 'staff' }).returning();
  STAFF_GROUP.id = group!.groupId;
});
afterAll(() => t.close());

describe('a first sign-in', () => {
  it('creates the user just in time, with the mapped fields, and signs them in', async () => {
    const id = await provider({ attributes: { username: 'preferred_username' } });
    const { back, res } = await signIn(
      id,
      upstream('sub-ada', {
        preferred_username: ['ada'],
        name: ['Ada Lovelace'],
        email: ['ada@example.com'],
      }),
    );
    expect(back.pathname).toBe('/login');
    expect(res!.statusCode).toBe(200);
    const body = res!.json();
    expect(body.code).toBe(0);
    expect(body.result.userInfo.username).toBe('ada');
    const [user] = await t.db.select().from(users).where(eq(users.username, 'ada'));
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      mustChangePassword: false,
      passwordSet: false,
    });
    // Nobody knows the password of a user a provider made: it never ages into /overdue.
    await t.db
      .update(users)
      .set({ passwordChangedAt: new Date('2000-01-01') })
      .where(eq(users.userId, user!.userId));
    const again = await signIn(id, upstream('sub-ada'));
    expect(again.res!.json().result.userInfo.passwordExpired).toBe(false);
    const records = await auditOf(t.db, 'user', user!.userId);
    expect(records.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'login']));
  });

  it('refuses an unknown identity when the provider creates no users', async () => {
    const id = await provider({ jitProvisioning: false });
    const { back, res } = await signIn(id, upstream('sub-nobody', { email: ['nobody@example.com'] }));
    expect(res).toBeUndefined();
    expect(back.searchParams.get('sso_error')).toBe('federation.notLinked');
  });

  it('refuses to create a second account for an email an account already has', async () => {
    const existing = await t.createUser();
    await t.db.update(users).set({ email: 'taken@example.com' }).where(eq(users.userId, existing.userId));
    const id = await provider();
    const { back } = await signIn(id, upstream('sub-taken', { email: ['taken@example.com'] }));
    expect(back.searchParams.get('sso_error')).toBe('federation.emailTaken');
  });

  it('links by a verified email only where the provider is trusted for email', async () => {
    const existing = await t.createUser();
    // The user typed it themselves: nobody vouches for it, and no provider links to it.
    await t.db.update(users).set({ email: 'grace@example.com' }).where(eq(users.userId, existing.userId));
    const claimed = await provider({ jitProvisioning: false, trustEmail: true });
    const notVouched = await signIn(
      claimed,
      upstream('sub-grace', { email: ['grace@example.com'] }, { emailVerified: true }),
    );
    expect(notVouched.back.searchParams.get('sso_error')).toBe('federation.notLinked');
    // An administrator set it.
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.userId, existing.userId));
    const untrusted = await provider({ jitProvisioning: false });
    const refused = await signIn(
      untrusted,
      upstream('sub-grace', { email: ['grace@example.com'] }, { emailVerified: true }),
    );
    expect(refused.back.searchParams.get('sso_error')).toBe('federation.notLinked');

    const trusted = await provider({ jitProvisioning: false, trustEmail: true });
    const unverified = await signIn(trusted, upstream('sub-grace', { email: ['grace@example.com'] }));
    expect(unverified.back.searchParams.get('sso_error')).toBe('federation.notLinked');
    const verified = await signIn(
      trusted,
      upstream('sub-grace', { email: ['grace@example.com'] }, { emailVerified: true }),
    );
    expect(verified.res!.json().result.userInfo.username).toBe(existing.username);
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.userId));
    expect(links).toHaveLength(1);
  });
});

describe("Gatehouse's own rules", () => {
  it('never signs a service account in: not by a verified email, nor by a link an administrator made', async () => {
    const applicationId = await createApplication(t.db);
    const client = await t.post(
      '/api/admin-service/v2/application/client',
      { clientName: 'machine', applicationId },
      admin,
    );
    const account = await put(
      t,
      `/api/admin-service/v2/application/client/${client.json().acId}/service-account`,
      { enabled: true },
      admin,
    );
    expect(account.statusCode, account.body).toBe(200);
    const userId = account.json().userId as string;
    await t.db
      .update(users)
      .set({ email: 'robot@example.com', emailVerified: true })
      .where(eq(users.userId, userId));
    const trusted = await provider({ jitProvisioning: false, trustEmail: true });
    const byEmail = await signIn(
      trusted,
      upstream('sub-robot', { email: ['robot@example.com'] }, { emailVerified: true }),
    );
    expect(byEmail.back.searchParams.get('sso_error')).toBe('federation.notLinked');
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).toHaveLength(0);

    const linked = await provider({ jitProvisioning: false });
    await t.db.insert(userIdentities).values({ providerId: linked, subject: 'sub-robot-2', userId });
    const byLink = await signIn(linked, upstream('sub-robot-2'));
    expect(byLink.back.searchParams.get('sso_error')).toBe('federation.notLinked');
  });

  it('refuses a disabled user', async () => {
    const id = await provider({ jitProvisioning: false });
    const user = await t.createUser({ status: 'DISABLED' });
    await t.db
      .insert(userIdentities)
      .values({ providerId: id, subject: 'sub-disabled', userId: user.userId });
    const { back, res } = await signIn(id, upstream('sub-disabled'));
    expect(res).toBeUndefined();
    expect(back.searchParams.get('sso_error')).toBe('federation.accountDisabled');
  });

  it('asks a user with two-factor sign-in for the code, unless the provider vouches for MFA', async () => {
    const user = await t.createUser();
    await t.db
      .update(users)
      .set({ totpSecret: 'x', totpEnabledAt: new Date() })
      .where(eq(users.userId, user.userId));
    const plain = await provider({ jitProvisioning: false });
    await t.db.insert(userIdentities).values({ providerId: plain, subject: 'sub-2fa', userId: user.userId });
    const asked = await signIn(plain, upstream('sub-2fa', {}, { authnContext: ['mfa'] }));
    expect(asked.res!.json()).toMatchObject({ code: 2, result: { challenge: expect.any(String) } });

    const trusting = await provider({ jitProvisioning: false, trustMfa: true, mfaValues: ['mfa', 'otp'] });
    await t.db
      .insert(userIdentities)
      .values({ providerId: trusting, subject: 'sub-2fa', userId: user.userId });
    const withoutMfa = await signIn(trusting, upstream('sub-2fa', {}, { authnContext: ['pwd'] }));
    expect(withoutMfa.res!.json().code).toBe(2);
    const withMfa = await signIn(trusting, upstream('sub-2fa', {}, { authnContext: ['pwd', 'otp'] }));
    expect(withMfa.res!.json()).toMatchObject({ code: 0, result: { token: expect.any(String) } });
  });

  it('uses a handoff once, and only in the browser that started the sign-in', async () => {
    const id = await provider();
    const s = await start(id);
    const back = await answer(id, s.state, upstream('sub-once'), s.cookie);
    const handoff = back.searchParams.get('sso')!;
    expect((await exchange(handoff, 'another-browser-secret-0123456789abcdef')).statusCode).toBe(401);
    expect((await exchange(handoff, s.cookie)).statusCode).toBe(200);
    expect((await exchange(handoff, s.cookie)).statusCode).toBe(401);
  });

  it('answers a callback once, and not in another browser', async () => {
    const id = await provider();
    const s = await start(id);
    await expect(
      answer(id, s.state, upstream('sub-x'), 'another-browser-secret-0123456789abcdef'),
    ).rejects.toMatchObject({
      redirectTo: expect.stringContaining('sso_error=federation.expired'),
    });
    // The failed attempt used the flow up: the right browser cannot answer it any more either.
    await expect(answer(id, s.state, upstream('sub-x'), s.cookie)).rejects.toMatchObject({
      redirectTo: expect.stringContaining('sso_error=federation.expired'),
    });
    await expect(answer(id, 'no-such-flow-0123456789', upstream('sub-x'), s.cookie)).rejects.toMatchObject({
      redirectTo: expect.stringContaining('federation.expired'),
    });
  });

  it('follows only a same-origin path after the sign-in', async () => {
    const id = await provider();
    for (const [redirect, kept] of [
      ['/app-config/client', '/app-config/client'],
      ['//evil.example/x', null],
      ['https://evil.example/', null],
      ['/\\evil.example', null],
    ] as const) {
      const s = await start(id, `?redirect=${encodeURIComponent(redirect)}`);
      const back = await answer(id, s.state, upstream(`sub-redirect-${redirect.length}`), s.cookie);
      expect(back.searchParams.get('redirect')).toBe(kept);
    }
  });

  it('deletes abandoned flows as new sign-ins start, at most once a minute', async () => {
    const id = await provider();
    const abandoned = await start(id);
    await t.db
      .update(federationFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(federationFlows.flowId, abandoned.state));
    // The minute since the last purge has passed.
    (t.app.services.federation as unknown as { purgedAt: number }).purgedAt = 0;
    await start(id);
    expect(
      await t.db.select().from(federationFlows).where(eq(federationFlows.flowId, abandoned.state)),
    ).toEqual([]);
  });

  it('starts no sign-in through a disabled or unknown provider', async () => {
    const id = await provider();
    await t.db.update(identityProviders).set({ enabled: false }).where(eq(identityProviders.providerId, id));
    const res = await t.inject({ method: 'GET', url: `/api/oauth2-server/federation/${id}/start` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain('sso_error=federation.disabledProvider');
    const unknown = await t.inject({
      method: 'GET',
      url: '/api/oauth2-server/federation/00000000-0000-4000-8000-000000000000/start',
    });
    expect(unknown.headers.location).toContain('sso_error=federation.disabledProvider');
  });
});

describe('mapping rules', () => {
  it('gives the roles and groups whose values the upstream sends, and takes back only what they gave', async () => {
    const id = await provider({
      rules: [
        { attribute: 'groups', value: 'gh-admins', target: 'role', targetId: ADMINS_ROLE.id },
        { attribute: 'groups', value: 'staff', target: 'group', targetId: STAFF_GROUP.id },
      ],
    });
    const first = await signIn(
      id,
      upstream('sub-rules', { preferred_username: ['rules'], groups: ['gh-admins', 'staff'] }),
    );
    const userId = first.res!.json().result.userInfo.userId as string;
    expect(first.res!.json().result.userInfo.roles).toContain('Federated admins');
    const memberships = await t.db.select().from(groupMembers).where(eq(groupMembers.userId, userId));
    expect(memberships.map((m) => m.groupId)).toEqual([STAFF_GROUP.id]);

    // The value is gone: the rule's role goes too; the group stays while its value does.
    const second = await signIn(id, upstream('sub-rules', { groups: ['staff'] }));
    expect(second.res!.json().result.userInfo.roles).not.toContain('Federated admins');
    const changes = (await auditOf(t.db, 'user', userId)).filter((r) => r.action === 'federation.mapping');
    expect(changes.length).toBeGreaterThanOrEqual(2);
  });

  it('never takes back a role an administrator gave', async () => {
    const user = await t.createUser({ roleIds: [ADMINS_ROLE.id] });
    const id = await provider({
      jitProvisioning: false,
      rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: ADMINS_ROLE.id }],
    });
    await t.db.insert(userIdentities).values({ providerId: id, subject: 'sub-kept', userId: user.userId });
    await signIn(id, upstream('sub-kept', { groups: ['gh-admins'] }));
    await signIn(id, upstream('sub-kept', { groups: [] }));
    const held = await t.db.select().from(userRoles).where(eq(userRoles.userId, user.userId));
    expect(held.map((r) => r.roleId)).toEqual([ADMINS_ROLE.id]);
  });
});

describe('the /oauth interaction target', () => {
  it('sends the browser back to its interaction, whose handoff the console cannot use', async () => {
    const id = await provider();
    const s = await start(id, '?interaction=uid-123');
    const back = await answer(id, s.state, upstream('sub-interaction'), s.cookie);
    expect(back.pathname).toBe('/oauth');
    expect(back.searchParams.get('uid')).toBe('uid-123');
    expect((await exchange(back.searchParams.get('sso')!, s.cookie)).statusCode).toBe(401);
  });

  it('a username sent along with the handoff earns no device cookie for that account', async () => {
    const appId = await createApplication(t.db);
    const role = await t.createRole({ name: `Shop staff ${randomUUID().slice(0, 8)}` });
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role.roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve'] });
    const redirectUri = 'http://127.0.0.1:4000/cb';
    const created = await t.post(
      '/api/admin-service/v2/application/client',
      { clientName: 'Shop web', redirectUrl: redirectUri, applicationId: appId },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const client = createdClientSchema.parse(created.json()).client;
    const user = await t.createUser({ roleIds: [role.roleId] });
    const victim = await t.createUser();
    const id = await provider({ jitProvisioning: false });
    await t.db.insert(userIdentities).values({ providerId: id, subject: 'sub-device', userId: user.userId });

    const url = new URL(`${origin}/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: client,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const auth = await fetch(url, { redirect: 'manual' });
    expect(auth.status).toBe(303);
    const uid = new URL(auth.headers.get('location')!, origin).searchParams.get('uid')!;
    const cookies = auth.headers.getSetCookie().map((line) => line.split(';')[0]!);
    const s = await start(id, `?interaction=${uid}`);
    const back = await answer(id, s.state, upstream('sub-device'), s.cookie);
    const res = await t.inject({
      method: 'POST',
      url: `/api/oauth2-server/interaction/${uid}/login`,
      payload: { federated: back.searchParams.get('sso'), username: victim.username },
      headers: { cookie: [...cookies, `${FEDERATION_COOKIE}=${s.cookie}`].join('; ') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectTo).toEqual(expect.stringContaining('/oidc/auth/'));
    expect(res.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);
    // The handoff's own account signed in, not the one named.
    const logins = await auditOf(t.db, 'user', user.userId);
    expect(logins.map((r) => r.action)).toContain('login');
    expect((await auditOf(t.db, 'user', victim.userId)).map((r) => r.action)).not.toContain('login');
  });
});

describe('linking', () => {
  it('links an identity to the signed-in user who asked, and refuses one linked to someone else', async () => {
    const id = await provider({ jitProvisioning: false });
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const res = await t.post(`/api/oauth2-server/federation/${id}/link`, undefined, token);
    expect(res.statusCode).toBe(200);
    const state = new URL(res.json().redirectTo).searchParams.get('state')!;
    const cookie = res.cookies.find((c) => c.name === FEDERATION_COOKIE)!.value;
    const back = await answer(id, state, upstream('sub-link'), cookie);
    expect(back.pathname).toBe('/account-setting/security');
    expect(back.searchParams.get('sso_linked')).toBe('Test IdP');
    const own = await t.get('/api/oauth2-server/federation/identities', token);
    expect(own.json()).toEqual([expect.objectContaining({ providerId: id, subject: 'sub-link' })]);
    expect((await auditOf(t.db, 'user-identity')).some((r) => r.action === 'link')).toBe(true);

    const other = await t.createUser();
    const otherToken = await t.login(other.username, other.password);
    const again = await t.post(`/api/oauth2-server/federation/${id}/link`, undefined, otherToken);
    const otherState = new URL(again.json().redirectTo).searchParams.get('state')!;
    const otherCookie = again.cookies.find((c) => c.name === FEDERATION_COOKIE)!.value;
    const refused = await answer(id, otherState, upstream('sub-link'), otherCookie);
    expect(refused.searchParams.get('sso_error')).toBe('federation.alreadyLinked');

    const identityId = own.json()[0].identityId as string;
    expect(
      (await del(t, `/api/oauth2-server/federation/identities/${identityId}`, otherToken)).statusCode,
    ).toBe(404);
    expect((await del(t, `/api/oauth2-server/federation/identities/${identityId}`, token)).statusCode).toBe(
      204,
    );
    expect((await t.get('/api/oauth2-server/federation/identities', token)).json()).toEqual([]);
  });

  it('lets an administrator list, link and unlink a user’s identities, and nobody without the grant', async () => {
    const id = await provider();
    const user = await t.createUser();
    const base = `/api/admin-service/v2/user/${user.userId}/identities`;
    const linked = await t.post(base, { providerId: id, subject: 'sub-by-admin' }, admin);
    expect(linked.statusCode).toBe(201);
    expect((await t.post(base, { providerId: id, subject: 'sub-by-admin' }, admin)).statusCode).toBe(409);
    expect((await t.post(base, { providerId: id, subject: '' }, admin)).statusCode).toBe(400);
    const listed = await t.get(base, admin);
    expect(listed.json()).toEqual([
      expect.objectContaining({ subject: 'sub-by-admin', providerName: 'Test IdP' }),
    ]);

    const reader = await tokenWith(t, 'admin-setting.manage-user', ['retrieve']);
    expect((await t.get(base, reader)).statusCode).toBe(200);
    expect((await t.post(base, { providerId: id, subject: 'sub-2' }, reader)).statusCode).toBe(403);
    const nobody = await tokenWith(t, 'admin-setting.manage-user');
    expect((await t.get(base, nobody)).statusCode).toBe(403);

    // The linked subject now signs in as the user.
    const { res } = await signIn(id, upstream('sub-by-admin'));
    expect(res!.json().result.userInfo.userId).toBe(user.userId);

    const identityId = listed.json()[0].identityId as string;
    expect((await del(t, `${base}/${identityId}`, reader)).statusCode).toBe(403);
    expect((await del(t, `${base}/${identityId}`, admin)).statusCode).toBe(204);
  });

  it('never lets a user manager link an identity to an administrator', async () => {
    const id = await provider();
    const manager = await tokenWith(t, 'admin-setting.manage-user', ['retrieve', 'update']);
    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const res = await t.post(
      `/api/admin-service/v2/user/${adminRow!.userId}/identities`,
      { providerId: id, subject: 'sub-takeover' },
      manager,
    );
    expect(res.statusCode).toBe(403);
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.subject, 'sub-takeover')),
    ).toEqual([]);
  });
});

describe("an application's providers", () => {
  it('offers and allows only the providers an application names', async () => {
    const allowed = await provider({}, 'Allowed IdP');
    const other = await provider({}, 'Other IdP');
    const appId = await createApplication(t.db);
    const url = `/api/admin-service/v2/application/${appId}/identity-providers`;
    expect((await t.get(url, admin)).json()).toEqual({ limited: false, providerIds: [] });
    const set = await put(t, url, { limited: true, providerIds: [allowed] }, admin);
    expect(set.json()).toEqual({ limited: true, providerIds: [allowed] });
    expect(
      (await put(t, url, { limited: true, providerIds: ['00000000-0000-4000-8000-000000000000'] }, admin))
        .statusCode,
    ).toBe(400);

    // The console is the platform application: limiting it changes /login's buttons.
    const platformUrl = `/api/admin-service/v2/application/${PLATFORM_APP_ID}/identity-providers`;
    await put(t, platformUrl, { limited: true, providerIds: [allowed] }, admin);
    const buttons = (await t.get('/api/oauth2-server/federation/providers')).json() as {
      providerId: string;
    }[];
    expect(buttons.map((b) => b.providerId)).toEqual([allowed]);
    const refused = await t.inject({ method: 'GET', url: `/api/oauth2-server/federation/${other}/start` });
    expect(refused.headers.location).toContain('sso_error=federation.notAllowed');
    await put(t, platformUrl, { limited: false, providerIds: [] }, admin);
    const all = (await t.get('/api/oauth2-server/federation/providers')).json() as { providerId: string }[];
    expect(all.map((b) => b.providerId)).toEqual(expect.arrayContaining([allowed, other]));
  });
});
