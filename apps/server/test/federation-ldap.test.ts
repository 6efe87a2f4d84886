import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  createdClientSchema,
  FEDERATION_MESSAGES,
  type LdapSettings,
  MESSAGES,
  SECOND_FACTOR_REQUIRED,
} from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { Attribute, Change, Client } from 'ldapts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applicationProviderLimits,
  auditLog,
  identityProviders,
  jobs,
  rolePermissions,
  roles,
  userIdentities,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { type LdapConnect, LdapDirectory, normalizeDn, testLdap } from '../src/modules/federation/ldap.ts';
import { LDAP_SYNC_QUEUE } from '../src/modules/federation/ldap-repository.ts';
import { sealSecret } from '../src/modules/federation/providers.ts';
import type { ProviderRecord, StoredSettings } from '../src/modules/federation/types.ts';
import { DIRECTORY, type Slapd, startSlapd } from './federation/slapd.ts';
import { createApplication } from './fixtures.ts';
import { ADMIN_PASSWORD, build, en, type TestContext } from './helper.ts';

/**
 * LDAP sign-in against a real directory: a private slapd (test/federation/slapd.ts) over
 * test/federation/directory.ldif. The password typed in Gatehouse's own forms is checked by
 * binding as the person; the user is created just in time and mapped, the rules give roles
 * from the directory's groups, and Gatehouse's own checks (a disabled user, two-factor
 * sign-in, an application's allowed providers) still apply.
 */

let t: TestContext;
let slapd: Slapd;
let origin: string;
let providerId: string;
let adminRoleId: string;
let operatorRoleId: string;
let appId: string;
const SERVER_KEY = randomBytes(32);
const LOGIN = '/api/oauth2-server/login';
const INTERACTION = '/api/oauth2-server/interaction';
const REDIRECT = 'http://127.0.0.1:4000/cb';
let client: { client: string; secret: string };
let requestNo = 0;

const ldapSettings = (over: Partial<LdapSettings> = {}): StoredSettings['ldap'] => ({
  url: slapd.url,
  startTls: false,
  tlsVerify: true,
  bindDn: DIRECTORY.serviceDn,
  userBase: DIRECTORY.allUsersBase,
  userFilter: '(&(objectClass=inetOrgPerson)(uid={username}))',
  groupBase: DIRECTORY.groupBase,
  groupFilter: null,
  groupNameAttribute: null,
  syncIntervalMinutes: null,
  ...over,
});

const settings = (over: Partial<StoredSettings> = {}, ldap: Partial<LdapSettings> = {}): StoredSettings => ({
  jitProvisioning: true,
  trustEmail: false,
  trustMfa: false,
  mfaValues: ['mfa'],
  attributes: {},
  rules: [
    { attribute: 'groups', value: 'gh-admins', target: 'role', targetId: adminRoleId },
    { attribute: 'groups', value: 'gh-operators', target: 'role', targetId: operatorRoleId },
  ],
  ldap: ldapSettings(ldap),
  ...over,
});

async function addProvider(
  over: Partial<StoredSettings> = {},
  ldap: Partial<LdapSettings> = {},
  name = 'Directory',
  secret: string | null = DIRECTORY.servicePassword,
): Promise<string> {
  const [row] = await t.db
    .insert(identityProviders)
    .values({
      type: 'ldap',
      name,
      settings: settings(over, ldap),
      secretSealed: secret === null ? null : sealSecret(SERVER_KEY, secret),
    })
    .returning();
  return row!.providerId;
}

const record = (ldap: Partial<LdapSettings> = {}, secret: string | null = DIRECTORY.servicePassword) =>
  ({
    providerId: '00000000-0000-4000-8000-000000000000',
    type: 'ldap',
    name: 'Directory',
    enabled: true,
    isDefault: false,
    settings: settings({}, ldap),
    secret,
  }) satisfies ProviderRecord;

/** A console sign-in from its own address (the limiter keeps each test's attempts apart), with a request id. */
async function signIn(username: string, password: string) {
  const requestId = `ldap-${++requestNo}`;
  const res = await t.post(LOGIN, { username, password }, undefined, {
    remoteAddress: `10.77.${requestNo >> 8}.${requestNo & 255}`,
    headers: { 'x-request-id': requestId },
  });
  const records = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return { res, records };
}

const userNamed = async (username: string) =>
  (await t.db.select().from(users).where(eq(users.username, username)))[0];

/** The slapd log lines written during `work`. */
async function logOf(work: () => Promise<unknown>): Promise<string[]> {
  await slapd.settle();
  const mark = slapd.mark();
  await work();
  await slapd.settle();
  return slapd.log(mark);
}
const binds = (lines: string[]) => lines.filter((l) => / BIND dn=/.test(l));
const searches = (lines: string[]) => lines.filter((l) => / SRCH base=/.test(l));

/** The directory's manager changes an entry (the sync tests). */
async function asManager(work: (client: Client) => Promise<void>): Promise<void> {
  const manager = new Client({ url: slapd.url });
  await manager.bind(DIRECTORY.rootDn, DIRECTORY.rootPassword);
  try {
    await work(manager);
  } finally {
    await manager.unbind();
  }
}

beforeAll(async () => {
  slapd = await startSlapd();
  t = await build({
    config: {
      secretKey: SERVER_KEY,
      issuer: undefined,
      loginRateLimit: {
        perAccount: 1000,
        perIp: 1000,
        windowSeconds: 60,
        backoffAfter: 1000,
        backoffBaseSeconds: 1,
        backoffMaxSeconds: 1,
      },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const [administrator] = await t.db.select().from(roles).where(eq(roles.name, 'Administrator'));
  adminRoleId = administrator!.roleId;
  appId = await createApplication(t.db, 'ldap-app', 'Ledger');
  const operator = await t.createRole({ name: 'Ledger operators' });
  operatorRoleId = operator.roleId;
  await t.db
    .insert(rolePermissions)
    .values({ roleId: operatorRoleId, applicationId: appId, permissionId: 'books', actions: ['retrieve'] });
  const admin = await t.login();
  const res = await t.post(
    '/api/admin-service/v2/application/client',
    { clientName: 'Ledger web', redirectUrl: REDIRECT, applicationId: appId },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = createdClientSchema.parse(res.json());
  client = { client: created.client, secret: created.secret! };
  providerId = await addProvider();
});
afterAll(async () => {
  await t?.close();
  await slapd?.stop();
});

describe('the password of a directory user', () => {
  it('signs in with the right one: the user is created just in time, mapped, and given the role of gh-admins', async () => {
    const { res, records } = await signIn('alice', DIRECTORY.passwordOf('alice'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.result.userInfo).toMatchObject({ username: 'alice', name: 'Alice Liddell' });
    expect(body.result.userInfo.roles).toContain('Administrator');
    const alice = await userNamed('alice');
    expect(alice).toMatchObject({ email: 'alice@gatehouse.test', phone: '+1 555 0100', status: 'ENABLED' });
    // The subject is the entry's lasting id, not its DN.
    const [identity] = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, alice!.userId));
    expect(identity).toMatchObject({ providerId, email: 'alice@gatehouse.test' });
    expect(identity!.subject).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [role] = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, alice!.userId), eq(userRoles.roleId, adminRoleId)));
    expect(role).toBeDefined();
    expect(records.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'login']));

    // Now a local user linked to the directory: the directory still checks the password.
    const again = await signIn('alice', DIRECTORY.passwordOf('alice'));
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(again.res.json().result.userInfo.userId).toBe(alice!.userId);
  });

  it("unlocks the console's inactivity lock with the directory password, not the local one", async () => {
    const { res } = await signIn('alice', DIRECTORY.passwordOf('alice'));
    const token = res.json().result.token as string;
    const wrong = await t.post('/api/oauth2-server/unlock', { password: 'not-her-password' }, token);
    expect(wrong.statusCode).toBe(400);
    const right = await t.post(
      '/api/oauth2-server/unlock',
      { password: DIRECTORY.passwordOf('alice') },
      token,
    );
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses a wrong one with the usual 401, audited as a wrong password', async () => {
    // bob is not a user yet: a directory entry with a wrong password.
    const unknown = await signIn('bob', 'not-his-password');
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json().message).toBe(en(MESSAGES.invalidCredentials));
    expect(unknown.records).toMatchObject([
      { action: 'login.failed', entityId: null, after: { reason: 'wrong-password' } },
    ]);
    expect(await userNamed('bob')).toBeUndefined();

    // alice is linked now: her local hash is never used, the directory refuses.
    const alice = await userNamed('alice');
    const linked = await signIn('alice', 'not-her-password');
    expect(linked.res.statusCode).toBe(401);
    expect(linked.res.json().message).toBe(en(MESSAGES.invalidCredentials));
    expect(linked.records).toMatchObject([
      { action: 'login.failed', entityId: alice!.userId, after: { reason: 'wrong-password' } },
    ]);

    // Nobody of that name anywhere: the same answer.
    const nobody = await signIn('nobody-at-all', 'whatever-it-is');
    expect(nobody.res.statusCode).toBe(401);
    expect(nobody.res.json().message).toBe(en(MESSAGES.invalidCredentials));
    expect(nobody.records).toMatchObject([{ action: 'login.failed', after: { reason: 'unknown-account' } }]);
  });

  it('refuses an empty or blank password before any bind', async () => {
    // The form's schema refuses an empty one; a blank one reaches the directory's code, which never binds.
    const empty = await t.post(LOGIN, { username: 'alice', password: '' });
    expect(empty.statusCode).toBe(400);
    for (const username of ['alice', 'bob']) {
      let answer: Awaited<ReturnType<typeof signIn>> | undefined;
      const lines = await logOf(async () => {
        answer = await signIn(username, '   ');
      });
      expect(answer!.res.statusCode).toBe(401);
      expect(answer!.res.json().message).toBe(en(MESSAGES.invalidCredentials));
      expect(binds(lines), lines.join('\n')).toEqual([]);
      expect(lines.filter((l) => / ACCEPT /.test(l))).toEqual([]);
    }
    // The directory's own check never opens a connection for one.
    const connect = vi.fn<LdapConnect>((options) => new Client(options));
    const directory = new LdapDirectory(record(), connect);
    for (const password of ['', ' ', '\t\n'])
      expect(await directory.checkPassword('alice', password)).toEqual({
        ok: false,
        reason: 'empty-password',
      });
    expect(connect).not.toHaveBeenCalled();
  });

  it.each(['*)(uid=*', 'admin)(|(uid=*', '*', '\\2a', 'al*', '*)(|(objectClass=*', 'alice)(objectClass=*'])(
    'finds nobody for the username %j: every value is escaped in the filter',
    async (username) => {
      let answer: Awaited<ReturnType<typeof signIn>> | undefined;
      const lines = await logOf(async () => {
        answer = await signIn(username, DIRECTORY.passwordOf('alice'));
      });
      expect(answer!.res.statusCode).toBe(401);
      expect(answer!.res.json().message).toBe(en(MESSAGES.invalidCredentials));
      // Only the service account bound; the search found no entry.
      expect(
        binds(lines).every((l) => l.includes(DIRECTORY.serviceDn)),
        lines.join('\n'),
      ).toBe(true);
      const search = searches(lines).join('\n');
      expect(search).toContain('filter="(&(objectClass=inetOrgPerson)(uid=');
      expect(search).not.toMatch(/\(uid=\*\)|\(objectClass=\*\)/);
      expect(lines.filter((l) => /SEARCH RESULT/.test(l)).every((l) => l.includes('nentries=0'))).toBe(true);
    },
  );

  it('escapes the DN and the username in the group filter too', async () => {
    const directory = new LdapDirectory(record({ groupFilter: '(|(member={dn})(memberUid={username}))' }));
    const lines = await logOf(() => directory.checkPassword('alice', DIRECTORY.passwordOf('alice')));
    const groupSearch = searches(lines).find((l) => l.includes(DIRECTORY.groupBase));
    expect(groupSearch).toContain('(member=uid=alice,ou=people,dc=gatehouse,dc=test)');
    const result = await directory.checkPassword('alice', DIRECTORY.passwordOf('alice'));
    expect(result.ok && result.upstream.attributes.groups).toEqual(['gh-admins']);
  });

  it('signs nobody in when the filter finds two entries', async () => {
    const { res } = await signIn('twin', DIRECTORY.passwordOf('twin'));
    expect(res.statusCode).toBe(401);
    const check = await new LdapDirectory(record()).checkPassword('twin', DIRECTORY.passwordOf('twin'));
    expect(check).toEqual({ ok: false, reason: 'ambiguous' });
  });

  it('leaves a local user without a directory identity to the local password: never a silent link', async () => {
    // The directory has an `admin` too, with a password of its own.
    let wrong: Awaited<ReturnType<typeof signIn>> | undefined;
    const lines = await logOf(async () => {
      wrong = await signIn('admin', DIRECTORY.passwordOf('admin'));
    });
    expect(wrong!.res.statusCode).toBe(401);
    expect(lines, 'the directory is not asked').toEqual([]);
    const right = await signIn('admin', ADMIN_PASSWORD);
    expect(right.res.statusCode).toBe(200);
    const admin = await userNamed('admin');
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, admin!.userId))).toEqual(
      [],
    );
  });

  it('refuses a disabled user, with the directory password right', async () => {
    expect((await signIn('carol', DIRECTORY.passwordOf('carol'))).res.statusCode).toBe(200);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.username, 'carol'));
    const { res, records } = await signIn('carol', DIRECTORY.passwordOf('carol'));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(en(MESSAGES.accountDisabled));
    expect(records).toMatchObject([{ action: 'login.failed', after: { reason: 'disabled' } }]);
  });

  it('asks a user with two-factor sign-in for the code: the directory never satisfies it', async () => {
    const first = await signIn('dave', DIRECTORY.passwordOf('dave'));
    expect(first.res.statusCode, first.res.body).toBe(200);
    const token = first.res.json().result.token as string;
    const start = await t.post('/api/oauth2-server/two-factor/enrolment', undefined, token);
    expect(start.statusCode, start.body).toBe(200);
    const { secret } = start.json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    const confirm = await t.post('/api/oauth2-server/two-factor/enrolment/confirm', { code }, token);
    expect(confirm.statusCode, confirm.body).toBe(200);

    const { res } = await signIn('dave', DIRECTORY.passwordOf('dave'));
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(SECOND_FACTOR_REQUIRED);
    expect(res.json().result.token).toBeUndefined();
    expect(res.json().result.challenge).toEqual(expect.any(String));
  });

  it('signs in a local user an administrator linked by DN, under the directory name', async () => {
    const local = await t.createUser({ username: 'frank.poole', password: 'frank-local-password' });
    await t.db.insert(userIdentities).values({
      providerId,
      userId: local.userId,
      subject: normalizeDn(DIRECTORY.userDn('frank')),
    });
    const viaDirectory = await signIn('frank', DIRECTORY.passwordOf('frank'));
    expect(viaDirectory.res.statusCode, viaDirectory.res.body).toBe(200);
    expect(viaDirectory.res.json().result.userInfo.userId).toBe(local.userId);
    expect(await userNamed('frank')).toBeUndefined();
    // Linked, the local password no longer signs in: the directory governs the account.
    expect((await signIn('frank.poole', 'frank-local-password')).res.statusCode).toBe(401);
  });

  it('answers a name unknown everywhere about as slowly as a wrong password', async () => {
    const time = async (username: string, password: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        expect((await signIn(username, password)).res.statusCode).toBe(401);
        samples.push(performance.now() - started);
      }
      // The fastest: what the work costs, when nothing else on the machine got in the way.
      return Math.min(...samples);
    };
    const unknown = await time('nobody-anywhere', 'some-password');
    const directoryWrong = await time('alice', 'some-password');
    const localWrong = await time('admin', 'some-password');
    // Each pays a password hash's time; none answers several times faster than another.
    for (const [a, b] of [
      [unknown, directoryWrong],
      [unknown, localWrong],
      [directoryWrong, localWrong],
    ] as const)
      expect(Math.max(a, b) / Math.min(a, b), `${unknown} ${directoryWrong} ${localWrong}`).toBeLessThan(3);
  });

  it('refuses, as a 401 and audited, when the directory cannot be asked', async () => {
    const down = await addProvider({}, { url: 'ldap://127.0.0.1:1' }, 'Directory away');
    try {
      const { res, records } = await signIn('nobody-here', 'a-password');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(en(MESSAGES.invalidCredentials));
      expect(records).toMatchObject([{ action: 'login.failed', after: { reason: 'directory-unavailable' } }]);
      // The directory that answers still signs its people in.
      expect((await signIn('alice', DIRECTORY.passwordOf('alice'))).res.statusCode).toBe(200);
    } finally {
      await t.db
        .update(identityProviders)
        .set({ enabled: false })
        .where(eq(identityProviders.providerId, down));
    }
  });

  it('refuses a person the provider does not create, once the password is right', async () => {
    await t.db
      .update(identityProviders)
      .set({ settings: settings({ jitProvisioning: false }) })
      .where(eq(identityProviders.providerId, providerId));
    try {
      const { res, records } = await signIn('bob', DIRECTORY.passwordOf('bob'));
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe(FEDERATION_MESSAGES.notLinked.key);
      expect(records).toMatchObject([
        {
          action: 'login.failed',
          after: { reason: 'federation', refused: FEDERATION_MESSAGES.notLinked.key },
        },
      ]);
      expect(await userNamed('bob')).toBeUndefined();
    } finally {
      await t.db
        .update(identityProviders)
        .set({ settings: settings() })
        .where(eq(identityProviders.providerId, providerId));
    }
  });
});

describe('the /oauth interaction', () => {
  /** Starts an authorization request in a fresh browser: the interaction id and its cookies. */
  async function startInteraction() {
    const verifier = randomBytes(32).toString('base64url');
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(`${origin}/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: client.client,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const uid = new URL(res.headers.get('location')!, origin).searchParams.get('uid')!;
    const cookie = res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { uid, cookie };
  }
  const loginAt = async ({ uid, cookie }: { uid: string; cookie: string }, body: object) =>
    t.inject({
      method: 'POST',
      url: `${INTERACTION}/${uid}/login`,
      headers: { cookie },
      payload: body,
      remoteAddress: `10.78.0.${++requestNo & 255}`,
    });

  it('checks the password against the directory, creates the user, and the rules open the application', async () => {
    const wrong = await loginAt(await startInteraction(), { username: 'erin', password: 'not-hers' });
    expect(wrong.statusCode).toBe(401);
    const res = await loginAt(await startInteraction(), {
      username: 'erin',
      password: DIRECTORY.passwordOf('erin'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectTo).toEqual(expect.any(String));
    const erin = await userNamed('erin');
    // gh-operators (a posixGroup, by memberUid) → the role that opens the application.
    const held = await t.db.select().from(userRoles).where(eq(userRoles.userId, erin!.userId));
    expect(held.map((r) => r.roleId)).toContain(operatorRoleId);
  });

  it('refuses a directory the application does not allow, after the right password', async () => {
    await t.db.insert(applicationProviderLimits).values({ applicationId: appId, providerIds: [] });
    try {
      const res = await loginAt(await startInteraction(), {
        username: 'erin',
        password: DIRECTORY.passwordOf('erin'),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe(FEDERATION_MESSAGES.notAllowed.key);
      const wrong = await loginAt(await startInteraction(), { username: 'erin', password: 'not-hers' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(en(MESSAGES.invalidCredentials));
    } finally {
      await t.db.delete(applicationProviderLimits).where(eq(applicationProviderLimits.applicationId, appId));
    }
  });
});

describe('the connection', () => {
  it('upgrades with StartTLS, or speaks ldaps; checks the certificate unless told not to', async () => {
    for (const ldap of [
      { startTls: true, tlsVerify: false },
      { url: slapd.ldapsUrl, tlsVerify: false },
    ]) {
      const check = await new LdapDirectory(record(ldap)).checkPassword(
        'alice',
        DIRECTORY.passwordOf('alice'),
      );
      expect(check.ok, JSON.stringify(ldap)).toBe(true);
    }
    // The test directory's certificate is its own: a checked connection refuses it.
    for (const ldap of [{ startTls: true }, { url: slapd.ldapsUrl }]) {
      await expect(
        new LdapDirectory(record(ldap)).checkPassword('alice', DIRECTORY.passwordOf('alice')),
      ).rejects.toThrow(/LDAP connect|LDAP service bind/);
    }
  });

  it('refuses to bind as the service account without its password (an unauthenticated bind)', async () => {
    await expect(new LdapDirectory(record({}, null)).checkPassword('alice', 'x')).rejects.toThrow(
      /no bind password/,
    );
  });

  it("tests a provider: connection, TLS, the service account's bind, the people the filter finds", async () => {
    const result = await testLdap(record({ startTls: true, tlsVerify: false }));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(result.steps.map((s) => s.step)).toEqual(['connect', 'tls', 'bind', 'search']);
    expect(result.steps[3]!.detail).toMatch(/^10 user\(s\)/);
    const wrongSecret = await testLdap(record({}, 'not-the-secret'));
    expect(wrongSecret.ok).toBe(false);
    expect(wrongSecret.steps.at(-1)).toMatchObject({ step: 'bind', ok: false });
    const away = await testLdap(record({ url: 'ldap://127.0.0.1:1' }));
    expect(away).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false }] });
  });
});

describe('the scheduled sync', () => {
  it('updates linked users from the directory through the job queue, names who is gone, and schedules the next run', async () => {
    // alice renamed and out of gh-admins; carol gone from the directory.
    await asManager(async (manager) => {
      await manager.modify(
        DIRECTORY.userDn('alice'),
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'cn', values: ['Alice Kingsleigh'] }),
        }),
      );
      await manager.modify(
        `cn=gh-admins,${DIRECTORY.groupBase}`,
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'member', values: [DIRECTORY.userDn('bob')] }),
        }),
      );
      await manager.del(DIRECTORY.userDn('carol'));
    });
    await t.db
      .update(identityProviders)
      .set({ settings: settings({ jitProvisioning: false }, { syncIntervalMinutes: 60 }) })
      .where(eq(identityProviders.providerId, providerId));
    const before = await t.db.select().from(users);

    expect(await t.app.services.ldapSync.ensureScheduled()).toBe(1);
    let synced: Date | null = null;
    for (let i = 0; i < 100 && !synced; i++) {
      await new Promise((r) => setTimeout(r, 100));
      [{ lastSyncAt: synced }] = (await t.db
        .select({ lastSyncAt: identityProviders.lastSyncAt })
        .from(identityProviders)
        .where(eq(identityProviders.providerId, providerId))) as [{ lastSyncAt: Date | null }];
    }
    expect(synced).not.toBeNull();

    const alice = await userNamed('alice');
    expect(alice!.name).toBe('Alice Kingsleigh');
    const adminRole = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, alice!.userId), eq(userRoles.roleId, adminRoleId)));
    expect(adminRole, 'the role the rule gave is taken back').toEqual([]);
    // Nobody created (no just-in-time provisioning), nobody disabled.
    const after = await t.db.select().from(users);
    expect(after.length).toBe(before.length);
    expect((await userNamed('carol'))!.status).toBe('DISABLED'); // as the earlier test left her, no more
    expect((await userNamed('dave'))!.status).toBe('ENABLED');

    const [sync] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'identity-provider'), eq(auditLog.action, 'sync')));
    const carol = await userNamed('carol');
    expect(sync).toMatchObject({
      entityId: providerId,
      after: { created: 0, missingCount: 1, missing: [{ userId: carol!.userId }] },
    });
    const [mapping] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, alice!.userId), eq(auditLog.action, 'federation.mapping')))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(mapping!.after).toMatchObject({ name: 'Alice Kingsleigh' });

    // The job is the next run, an interval later; nothing more to schedule.
    const [next] = await t.db.select().from(jobs).where(eq(jobs.queue, LDAP_SYNC_QUEUE));
    expect(next!.payload).toEqual({ providerId });
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(await t.app.services.ldapSync.ensureScheduled()).toBe(0);
  });
});

describe('an LDAP provider saved through the API', () => {
  it('queues its first sync when the save sets an interval, and its test binds and searches', async () => {
    const admin = await t.login();
    const created = await t.post(
      '/api/admin-service/v2/identity-providers',
      {
        type: 'ldap',
        name: `Directory ${randomBytes(3).toString('hex')}`,
        ldap: {
          url: slapd.url,
          bindDn: DIRECTORY.serviceDn,
          bindPassword: DIRECTORY.servicePassword,
          userBase: DIRECTORY.userBase,
          userFilter: '(uid={username})',
          syncIntervalMinutes: 30,
        },
      },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().providerId as string;
    const queued = await t.db.select().from(jobs).where(eq(jobs.queue, LDAP_SYNC_QUEUE));
    expect(queued.some((job) => (job.payload as { providerId: string }).providerId === id)).toBe(true);

    const tested = await t.post(`/api/admin-service/v2/identity-providers/${id}/test`, undefined, admin);
    expect(tested.statusCode).toBe(200);
    expect(tested.json().ok, tested.body).toBe(true);

    // A wrong service password: the test says which step failed.
    const wrong = await t.inject({
      method: 'PUT',
      url: '/api/admin-service/v2/identity-providers',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        providerId: id,
        type: 'ldap',
        name: created.json().name,
        ldap: {
          url: slapd.url,
          bindDn: DIRECTORY.serviceDn,
          bindPassword: 'not-it',
          userBase: DIRECTORY.userBase,
          userFilter: '(uid={username})',
        },
      },
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const failed = await t.post(`/api/admin-service/v2/identity-providers/${id}/test`, undefined, admin);
    expect(failed.json().ok).toBe(false);
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/admin-service/v2/identity-providers/${id}`,
          headers: { authorization: `Bearer ${admin}` },
        })
      ).statusCode,
    ).toBe(204);
  });
});
