import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  FEDERATION_API,
  FEDERATION_ERROR_PARAM,
  FEDERATION_HANDOFF_PARAM,
  FEDERATION_MESSAGES,
  OIDC_CALLBACK_PATH,
  SECOND_FACTOR_REQUIRED,
} from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityProviders, userIdentities, userRoles, users } from '../src/db/schema/index.ts';
import { seal } from '../src/lib/server-key.ts';
import {
  clientAuthFor,
  DISCOVERY_CACHE_MS,
  OidcProtocol,
  toUpstreamIdentity,
} from '../src/modules/federation/oidc.ts';
import type { ProviderRecord, StoredSettings } from '../src/modules/federation/types.ts';
import { CookieBrowser } from './federation/browser.ts';
import { startUpstreamOp, type UpstreamAccount, type UpstreamOp } from './federation/upstream-op.ts';
import { build, type TestContext } from './helper.ts';

/**
 * Sign-in through an OIDC upstream, end to end: a second oidc-provider on its own port is the
 * organisation's OpenID Provider, Gatehouse listens (the upstream redirects a real browser
 * back to it), and the browser is a fetch with a cookie jar that follows every redirect.
 */
let t: TestContext;
let origin: string;
let op: UpstreamOp;
const SERVER_KEY = randomBytes(32);

const ALICE: UpstreamAccount = {
  sub: 'alice-sub',
  preferred_username: 'alice.up',
  name: 'Alice Upstream',
  email: 'alice@upstream.test',
  email_verified: true,
  groups: ['gh-admins', 'staff'],
  amr: ['pwd'],
};

/**
 * A new person at the upstream, with a sub and an email of their own: a user created from
 * one provider keeps its email, so a second provider's JIT for the same email is refused.
 */
const people = new Map<string, UpstreamAccount>();
function person(overrides: Partial<UpstreamAccount> = {}): string {
  const id = randomUUID().slice(0, 8);
  const account = {
    ...ALICE,
    sub: `sub-${id}`,
    preferred_username: `up.${id}`,
    email: `${id}@upstream.test`,
    ...overrides,
  };
  op.setAccount(account);
  people.set(account.sub, account);
  return account.sub;
}

beforeAll(async () => {
  t = await build({ config: { secretKey: SERVER_KEY, issuer: undefined } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  op = await startUpstreamOp({ accounts: [ALICE] });
});

afterAll(async () => {
  await op?.close();
});

type ProviderOptions = Partial<Omit<StoredSettings, 'oidc'>> & {
  oidc?: Partial<NonNullable<StoredSettings['oidc']>>;
  /** The client secret; null: a public client. */
  secret?: string | null;
  enabled?: boolean;
};

/** An OIDC provider in Gatehouse, and its client at the upstream (redirect URI registered). */
async function oidcProvider(options: ProviderOptions = {}) {
  const providerId = randomUUID();
  const clientId = `gatehouse-${providerId.slice(0, 8)}`;
  const secret = options.secret === undefined ? `secret-${randomBytes(12).toString('hex')}` : options.secret;
  const { oidc, secret: _s, enabled, ...common } = options;
  const settings: StoredSettings = {
    jitProvisioning: true,
    trustEmail: false,
    trustMfa: false,
    mfaValues: ['mfa'],
    attributes: {},
    rules: [],
    ...common,
    oidc: {
      issuer: op.issuer,
      clientId,
      scopes: ['openid', 'profile', 'email', 'groups'],
      pkce: true,
      ...oidc,
    },
  };
  await t.db.insert(identityProviders).values({
    providerId,
    type: 'oidc',
    name: `Upstream ${providerId.slice(0, 4)}`,
    enabled: enabled ?? true,
    settings,
    secretSealed: secret ? seal(SERVER_KEY, secret) : null,
  });
  await op.addClient({
    clientId,
    ...(secret ? { clientSecret: secret } : {}),
    redirectUris: [`${origin}${OIDC_CALLBACK_PATH}/${providerId}`],
  });
  return { providerId, clientId, settings, secret };
}

type SignInOptions = {
  browser?: CookieBrowser;
  /** The query of the start: `redirect=…` or `interaction=…`. */
  start?: string;
  /** Changes the authorization request before the browser follows it to the upstream. */
  toUpstream?: (url: URL) => URL;
  /** Changes the upstream's answer before the browser brings it to Gatehouse. */
  toCallback?: (url: URL) => URL;
  /** Another browser brings the answer back (it never started the flow). */
  callbackBrowser?: CookieBrowser;
};

/**
 * The upstream half of a sign-in as `account` (an upstream `sub`): the start at Gatehouse,
 * the upstream's login form, and its answer, not yet brought back to Gatehouse.
 */
async function upstreamAnswer(providerId: string, account: string, options: SignInOptions = {}) {
  const browser = options.browser ?? new CookieBrowser();
  const start = await browser.get(`${origin}${FEDERATION_API}/${providerId}/start?${options.start ?? ''}`);
  expect(start.status, await start.clone().text()).toBe(302);
  let upstream = new URL(start.headers.get('location')!, origin);
  expect(upstream.origin).toBe(op.issuer);
  if (options.toUpstream) upstream = options.toUpstream(upstream);
  const isGatehouse = (url: URL) => url.origin === origin;
  let reached = await browser.follow(upstream, isGatehouse);
  if (!isGatehouse(reached.url)) {
    // The upstream's login form.
    const uid = /action="\/interaction\/([^/"]+)\/login"/.exec(reached.body)?.[1];
    expect(uid, reached.body).toBeDefined();
    const posted = await browser.request(`${op.issuer}/interaction/${uid}/login`, { form: { account } });
    expect(posted.status).toBe(303);
    reached = await browser.follow(new URL(posted.headers.get('location')!, op.issuer), isGatehouse);
  }
  let callback = reached.url;
  expect(callback.pathname).toBe(`${OIDC_CALLBACK_PATH}/${providerId}`);
  if (options.toCallback) callback = options.toCallback(callback);
  return { browser, callback };
}

/** A sign-in through the upstream, to Gatehouse's redirect to the SPA. */
async function signIn(providerId: string, account: string, options: SignInOptions = {}) {
  const { browser, callback } = await upstreamAnswer(providerId, account, options);
  const answer = await (options.callbackBrowser ?? browser).get(callback);
  expect(answer.status, await answer.clone().text()).toBe(302);
  const spa = new URL(answer.headers.get('location')!, origin);
  return {
    browser,
    callback,
    spa,
    handoff: spa.searchParams.get(FEDERATION_HANDOFF_PARAM),
    error: spa.searchParams.get(FEDERATION_ERROR_PARAM),
  };
}

/** The answer of the exchange, as that of /login: a session, or the second factor's challenge. */
type ExchangeBody = {
  code: number | string;
  result: { token?: string; challenge?: string; userInfo?: { username: string } };
};

/** The console's exchange of a handoff, from `browser` (its cookie binds the flow). */
async function exchange(browser: CookieBrowser, handoff: string) {
  const path = `${FEDERATION_API}/exchange`;
  const res = await t.inject({
    method: 'POST',
    url: path,
    headers: { cookie: browser.cookieHeader(new URL(path, origin)) },
    payload: { handoff },
  });
  return { status: res.statusCode, body: res.json() as ExchangeBody };
}

/** A full console sign-in; the session's token. */
async function consoleSignIn(providerId: string, account: string) {
  const done = await signIn(providerId, account, { start: 'redirect=/home' });
  expect(done.error).toBeNull();
  expect(done.spa.pathname).toBe('/login');
  expect(done.spa.searchParams.get('redirect')).toBe('/home');
  const answer = await exchange(done.browser, done.handoff!);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const identityOf = async (providerId: string, subject: string) =>
  (
    await t.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.providerId, providerId), eq(userIdentities.subject, subject)))
  )[0];

const userById = async (userId: string) =>
  (await t.db.select().from(users).where(eq(users.userId, userId)))[0]!;

async function link(providerId: string, subject: string, userId: string) {
  await t.db.insert(userIdentities).values({ providerId, subject, userId });
}

describe('the claims as an upstream identity', () => {
  it('keeps strings and string lists, writes scalars out, skips objects; userinfo wins, sub never changes', () => {
    const identity = toUpstreamIdentity(
      {
        sub: 's1',
        name: 'From token',
        amr: ['pwd', 'mfa'],
        acr: 'urn:acr:2fa',
        email_verified: false,
        auth_time: 1700000000,
        address: { country: 'FR' },
        mixed: ['a', 1, { b: 2 }, null],
      },
      { sub: 's1', name: 'From userinfo', email_verified: true, groups: ['x', 'y'], nothing: null },
    );
    expect(identity).toEqual({
      subject: 's1',
      attributes: {
        sub: ['s1'],
        name: ['From userinfo'],
        amr: ['pwd', 'mfa'],
        acr: ['urn:acr:2fa'],
        email_verified: ['true'],
        auth_time: ['1700000000'],
        mixed: ['a', '1'],
        groups: ['x', 'y'],
      },
      emailVerified: true,
      authnContext: ['pwd', 'mfa', 'urn:acr:2fa'],
    });
  });

  it('takes email_verified only when it is the boolean true', () => {
    expect(toUpstreamIdentity({ sub: 's', email_verified: 'true' }, undefined).emailVerified).toBe(false);
  });
});

describe('the provider test', () => {
  const record = (issuer: string): ProviderRecord => ({
    providerId: randomUUID(),
    type: 'oidc',
    name: 'x',
    enabled: true,
    isDefault: false,
    secret: null,
    settings: {
      jitProvisioning: false,
      trustEmail: false,
      trustMfa: false,
      mfaValues: [],
      attributes: {},
      rules: [],
      oidc: { issuer, clientId: 'c', scopes: ['openid'], pkce: true },
    },
  });

  it('passes for the upstream: discovery, issuer, endpoints, keys', async () => {
    const result = await new OidcProtocol({ production: false }).test(record(op.issuer));
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => [s.step, s.ok])).toEqual([
      ['discovery', true],
      ['issuer', true],
      ['endpoints', true],
      ['jwks', true],
    ]);
  });

  it('fails on an issuer that is not the one the document names', async () => {
    const result = await new OidcProtocol({ production: false }).test(record(`${op.issuer}/other`));
    expect(result.ok).toBe(false);
    expect(result.steps[0]).toMatchObject({ step: 'discovery', ok: false });
  });

  it('refuses an http:// issuer in production', async () => {
    const result = await new OidcProtocol({ production: true }).test(record(op.issuer));
    expect(result).toMatchObject({ ok: false, steps: [{ step: 'discovery', ok: false }] });
  });
});

describe('the client at the upstream', () => {
  it('authenticates with HTTP Basic by default, by POST where only that is offered, with nothing without a secret', () => {
    expect(clientAuthFor('s', undefined).method).toBe('client_secret_basic');
    expect(clientAuthFor('s', ['client_secret_basic', 'client_secret_post']).method).toBe(
      'client_secret_basic',
    );
    expect(clientAuthFor('s', ['client_secret_post', 'private_key_jwt']).method).toBe('client_secret_post');
    expect(clientAuthFor(null, ['client_secret_basic']).method).toBe('none');
  });

  it('keeps a discovery a few minutes, and reads it again for a new secret or after them', async () => {
    let now = 1_000_000;
    const protocol = new OidcProtocol({ production: false, now: () => now });
    const { providerId, settings, secret } = await oidcProvider();
    const record: ProviderRecord = {
      providerId,
      type: 'oidc',
      name: 'x',
      enabled: true,
      isDefault: false,
      settings,
      secret,
    };
    const first = protocol.configuration(record);
    expect(protocol.configuration(record)).toBe(first);
    expect(protocol.configuration({ ...record, secret: 'another-secret' })).not.toBe(first);
    now += DISCOVERY_CACHE_MS;
    expect(protocol.configuration(record)).not.toBe(first);
    await first;
  });
});

describe('sign-in through an OIDC provider', () => {
  it('creates the user at the first sign-in (JIT), maps name and email, and signs in to the console', async () => {
    const { providerId } = await oidcProvider({ jitProvisioning: true });
    const body = await consoleSignIn(providerId, ALICE.sub);
    expect(body.code).toBe(0);
    expect(body.result.token).toEqual(expect.any(String));
    const identity = await identityOf(providerId, ALICE.sub);
    expect(identity).toBeDefined();
    const user = await userById(identity!.userId);
    expect(user).toMatchObject({ name: ALICE.name, email: ALICE.email, status: 'ENABLED' });
    expect(user.username).toMatch(/^alice\.up/);
    // The token is a console session of that user.
    const me = await t.post('/api/oauth2-server/login', undefined, body.result.token);
    expect(me.json().result.userInfo.username).toBe(user.username);

    // A second sign-in finds the same user.
    await consoleSignIn(providerId, ALICE.sub);
    expect((await identityOf(providerId, ALICE.sub))!.userId).toBe(identity!.userId);
  });

  it('works for a public client (PKCE, no secret) and for a confidential one without PKCE', async () => {
    const pub = await oidcProvider({ secret: null });
    expect((await consoleSignIn(pub.providerId, person())).code).toBe(0);
    const noPkce = await oidcProvider({ oidc: { pkce: false } });
    const done = await signIn(noPkce.providerId, person());
    expect(done.callback.searchParams.get('code')).toBeTruthy();
    expect(done.error).toBeNull();
  });

  it('gives a role by a rule on groups, and takes it back when the value is gone', async () => {
    const role = await t.createRole();
    const sub = person({ groups: ['gh-admins'] });
    const { providerId } = await oidcProvider({
      rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: role.roleId }],
    });
    await consoleSignIn(providerId, sub);
    const userId = (await identityOf(providerId, sub))!.userId;
    const rolesOf = async () =>
      (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId);
    expect(await rolesOf()).toContain(role.roleId);

    op.setAccount({ ...people.get(sub)!, groups: ['staff'] });
    await consoleSignIn(providerId, sub);
    expect(await rolesOf()).not.toContain(role.roleId);
  });

  it('refuses an identity no one is linked to when JIT is off', async () => {
    const { providerId } = await oidcProvider({ jitProvisioning: false });
    const sub = person();
    const done = await signIn(providerId, sub);
    expect(done.spa.pathname).toBe('/login');
    expect(done.error).toBe(FEDERATION_MESSAGES.notLinked.key);
    expect(done.handoff).toBeNull();
    expect(await identityOf(providerId, sub)).toBeUndefined();
  });

  it('links by a verified email where the provider is trusted for email, not by an unverified one', async () => {
    const { providerId } = await oidcProvider({ jitProvisioning: false, trustEmail: true });
    const owner = await t.createUser();
    const email = `${owner.username}@upstream.test`;
    // An administrator set the email (vouched for): only such an email links.
    await t.db.update(users).set({ email, emailVerified: true }).where(eq(users.userId, owner.userId));

    const unverified = person({ email, email_verified: false });
    const refused = await signIn(providerId, unverified);
    expect(refused.error).toBe(FEDERATION_MESSAGES.notLinked.key);
    expect(await identityOf(providerId, unverified)).toBeUndefined();

    const verified = person({ email, email_verified: true });
    const body = await consoleSignIn(providerId, verified);
    expect(body.result.userInfo?.username).toBe(owner.username);
    expect((await identityOf(providerId, verified))!.userId).toBe(owner.userId);
  });

  it('refuses a disabled user', async () => {
    const { providerId } = await oidcProvider();
    const user = await t.createUser({ status: 'DISABLED' });
    const sub = person();
    await link(providerId, sub, user.userId);
    const done = await signIn(providerId, sub);
    expect(done.error).toBe(FEDERATION_MESSAGES.accountDisabled.key);
    expect(done.handoff).toBeNull();
  });

  describe('a user with two-factor sign-in', () => {
    async function twoFactorUser(providerId: string, amr: string[]) {
      const user = await t.createUser();
      await t.db
        .update(users)
        .set({ totpSecret: seal(SERVER_KEY, new Secret({ size: 20 }).base32), totpEnabledAt: new Date() })
        .where(eq(users.userId, user.userId));
      const sub = person({ amr });
      await link(providerId, sub, user.userId);
      return sub;
    }

    it('gets the second factor at the exchange', async () => {
      const { providerId } = await oidcProvider();
      const sub = await twoFactorUser(providerId, ['pwd', 'mfa']);
      const done = await signIn(providerId, sub);
      const answer = await exchange(done.browser, done.handoff!);
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(SECOND_FACTOR_REQUIRED);
      expect(answer.body.result.challenge).toEqual(expect.any(String));
      expect(answer.body.result.token).toBeUndefined();
    });

    it('skips it where the provider is trusted for MFA and amr shows it', async () => {
      const { providerId } = await oidcProvider({ trustMfa: true, mfaValues: ['mfa'] });
      const sub = await twoFactorUser(providerId, ['pwd', 'mfa']);
      const done = await signIn(providerId, sub);
      const answer = await exchange(done.browser, done.handoff!);
      expect(answer.body.code).toBe(0);
      expect(answer.body.result.token).toEqual(expect.any(String));
    });

    it('asks for it where the provider is trusted for MFA but amr does not show it', async () => {
      const { providerId } = await oidcProvider({ trustMfa: true, mfaValues: ['mfa'] });
      const sub = await twoFactorUser(providerId, ['pwd']);
      const done = await signIn(providerId, sub);
      const answer = await exchange(done.browser, done.handoff!);
      expect(answer.body.code).toBe(SECOND_FACTOR_REQUIRED);
    });
  });
});

describe('refused callbacks', () => {
  let providerId: string;
  /** One person, whom the first sign-in creates and the others find. */
  let sub: string;
  beforeAll(async () => {
    ({ providerId } = await oidcProvider());
    sub = person();
  });

  const expectRefused = (done: { spa: URL; error: string | null; handoff: string | null }, key: string) => {
    expect(done.spa.pathname).toBe('/login');
    expect(done.error).toBe(key);
    expect(done.handoff).toBeNull();
  };

  it('refuses a wrong state', async () => {
    const done = await signIn(providerId, sub, {
      toCallback: (url) => {
        url.searchParams.set('state', randomBytes(24).toString('base64url'));
        return url;
      },
    });
    expectRefused(done, FEDERATION_MESSAGES.expired.key);
  });

  it('refuses a callback without state', async () => {
    const done = await signIn(providerId, sub, {
      toCallback: (url) => {
        url.searchParams.delete('state');
        return url;
      },
    });
    expectRefused(done, FEDERATION_MESSAGES.expired.key);
  });

  it('uses a flow once: the same callback again is refused', async () => {
    const done = await signIn(providerId, sub);
    expect(done.error).toBeNull();
    const again = await done.browser.get(done.callback);
    expect(again.status).toBe(302);
    const spa = new URL(again.headers.get('location')!, origin);
    expect(spa.searchParams.get(FEDERATION_ERROR_PARAM)).toBe(FEDERATION_MESSAGES.expired.key);
    expect(spa.searchParams.get(FEDERATION_HANDOFF_PARAM)).toBeNull();
  });

  it('refuses the answer brought back by another browser, and the flow is spent for the first one too', async () => {
    const other = new CookieBrowser();
    const done = await signIn(providerId, sub, { callbackBrowser: other });
    expectRefused(done, FEDERATION_MESSAGES.expired.key);
    const mine = await done.browser.get(done.callback);
    const spa = new URL(mine.headers.get('location')!, origin);
    expect(spa.searchParams.get(FEDERATION_HANDOFF_PARAM)).toBeNull();
  });

  it('refuses the answer brought back by a browser with a flow cookie of its own', async () => {
    const other = new CookieBrowser();
    await other.get(`${origin}${FEDERATION_API}/${providerId}/start`);
    expect(other.cookieHeader(new URL(`${origin}${OIDC_CALLBACK_PATH}/${providerId}`))).not.toBe('');
    const done = await signIn(providerId, sub, { callbackBrowser: other });
    expectRefused(done, FEDERATION_MESSAGES.expired.key);
  });

  it('refuses a handoff redeemed from another browser', async () => {
    const done = await signIn(providerId, sub);
    const answer = await exchange(new CookieBrowser(), done.handoff!);
    expect(answer.status).toBe(401);
  });

  it('refuses an iss that is not the issuer (RFC 9207)', async () => {
    const done = await signIn(providerId, sub, {
      toCallback: (url) => {
        url.searchParams.set('iss', 'http://127.0.0.1:1/evil');
        return url;
      },
    });
    expectRefused(done, FEDERATION_MESSAGES.failed.key);
  });

  it('refuses an answer without iss from an upstream that promises it', async () => {
    const done = await signIn(providerId, sub, {
      toCallback: (url) => {
        url.searchParams.delete('iss');
        return url;
      },
    });
    expectRefused(done, FEDERATION_MESSAGES.failed.key);
  });

  it('refuses an ID token for another nonce', async () => {
    const done = await signIn(providerId, sub, {
      toUpstream: (url) => {
        url.searchParams.set('nonce', 'a-nonce-gatehouse-never-made');
        return url;
      },
    });
    expectRefused(done, FEDERATION_MESSAGES.failed.key);
  });

  it('refuses an ID token signed with a key the upstream never published', async () => {
    op.tamper.forgeIdTokenSignature = true;
    try {
      const done = await signIn(providerId, sub);
      expectRefused(done, FEDERATION_MESSAGES.failed.key);
    } finally {
      op.tamper.forgeIdTokenSignature = false;
    }
  });

  it('refuses a userinfo answer about someone else', async () => {
    op.tamper.userinfoSub = 'mallory';
    try {
      const done = await signIn(providerId, sub);
      expectRefused(done, FEDERATION_MESSAGES.failed.key);
    } finally {
      op.tamper.userinfoSub = null;
    }
  });

  it('refuses a stolen code: the PKCE verifier of another flow does not fit', async () => {
    // The attacker's code (their own sign-in) injected into the victim's callback, with the victim's state.
    const attacker = await upstreamAnswer(providerId, sub);
    const victim = new CookieBrowser();
    const start = await victim.get(`${origin}${FEDERATION_API}/${providerId}/start`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const forged = new URL(attacker.callback);
    forged.searchParams.set('state', state);
    const res = await victim.get(forged);
    const spa = new URL(res.headers.get('location')!, origin);
    expect(spa.searchParams.get(FEDERATION_ERROR_PARAM)).toBe(FEDERATION_MESSAGES.failed.key);
  });

  it("redirects the upstream's error answer to the sign-in page", async () => {
    const browser = new CookieBrowser();
    const start = await browser.get(`${origin}${FEDERATION_API}/${providerId}/start`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await browser.get(
      `${origin}${OIDC_CALLBACK_PATH}/${providerId}?error=access_denied&state=${state}&iss=${encodeURIComponent(op.issuer)}`,
    );
    expect(res.status).toBe(302);
    const spa = new URL(res.headers.get('location')!, origin);
    expect(spa.pathname).toBe('/login');
    expect(spa.searchParams.get(FEDERATION_ERROR_PARAM)).toBe(FEDERATION_MESSAGES.failed.key);
  });

  it('answers a provider id that is no uuid with a 400, never a 500', async () => {
    const res = await t.get(`${OIDC_CALLBACK_PATH}/not-a-uuid?code=x&state=y`);
    expect(res.statusCode).toBe(400);
  });

  it('redirects a callback while the upstream is unreachable, never a 500', async () => {
    const down = await oidcProvider();
    const browser = new CookieBrowser();
    const start = await browser.get(`${origin}${FEDERATION_API}/${down.providerId}/start`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    // The provider now names an issuer nobody answers at: its discovery is read again (new key).
    await t.db
      .update(identityProviders)
      .set({ settings: { ...down.settings, oidc: { ...down.settings.oidc!, issuer: 'http://127.0.0.1:1' } } })
      .where(eq(identityProviders.providerId, down.providerId));
    const res = await browser.get(
      `${origin}${OIDC_CALLBACK_PATH}/${down.providerId}?code=abc&state=${state}`,
    );
    expect(res.status).toBe(302);
    const spa = new URL(res.headers.get('location')!, origin);
    expect(spa.searchParams.get(FEDERATION_ERROR_PARAM)).toBe(FEDERATION_MESSAGES.failed.key);
  });
});
