import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createdClientSchema } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { generators, Issuer } from 'openid-client-v5';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, users } from '../src/db/schema/index.ts';
import { REDACTED, redactUrl } from '../src/lib/log-errors.ts';
import { createApplication } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';

/**
 * No credential reaches the log: a whole sign-in, token use, logout and password reset run
 * against the listening server with its real logger, and the log is searched for every
 * secret the flow handled.
 */

const log: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    log.push(String(chunk));
    done();
  },
});

const mails: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(message, _session, callback) {
    simpleParser(message)
      .then((mail) => {
        mails.push(mail);
        callback();
      })
      .catch(callback);
  },
});

const REDIRECT = 'http://127.0.0.1:4000/cb';
let t: TestContext;
let origin: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await build({
    // Every level, so nothing below info slips through either.
    logger: { level: 'trace', stream },
    config: { issuer: undefined, smtpUrl: `smtp://127.0.0.1:${port}` },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** A browser: follows nothing by itself, keeps the cookies it is given and sends them back. */
class Browser {
  private jar = new Map<string, string>();
  async fetch(
    url: string,
    init: { method?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(new URL(url, origin), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers,
      ...(body === undefined ? {} : { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
}

const uidOf = (location: string) => new URL(location, origin).searchParams.get('uid')!;

describe('the request log', () => {
  it('holds none of the secrets of a sign-in, token use, logout and password reset', async () => {
    // Set up: an application, a user granted in it with an email, a confidential client.
    const admin = await t.login();
    const appId = await createApplication(t.db, 'log-app', 'Log app');
    const role = await t.createRole();
    await t.db
      .insert(rolePermissions)
      .values({ roleId: role.roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve'] });
    const user = await t.createUser({ roleIds: [role.roleId] });
    await t.db.update(users).set({ email: 'logged@example.test' }).where(eq(users.userId, user.userId));
    const created = await t.post(
      '/api/admin-service/v2/application/client',
      { clientName: 'Log client', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const registration = createdClientSchema.parse(created.json());
    const issuer = await Issuer.discover(`${origin}/oidc`);
    const client = new issuer.Client({
      client_id: registration.client,
      client_secret: registration.secret!,
      redirect_uris: [REDIRECT],
      response_types: ['code'],
    });

    // The code flow, the console's /oauth page driven through the interaction API.
    const browser = new Browser();
    const verifier = generators.codeVerifier();
    const state = `state-${randomBytes(16).toString('hex')}`;
    const nonce = generators.nonce();
    const start = await browser.fetch(
      client.authorizationUrl({
        scope: 'openid profile offline_access',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'consent',
        state,
        nonce,
      }),
    );
    expect(start.status).toBe(303);
    const loginUid = uidOf(start.headers.get('location')!);
    await browser.fetch(`/oauth?uid=${loginUid}`);
    expect((await browser.fetch(`/api/oauth2-server/interaction/${loginUid}`)).status).toBe(200);
    const login = await browser.fetch(`/api/oauth2-server/interaction/${loginUid}/login`, {
      method: 'POST',
      json: { username: user.username, password: user.password },
    });
    expect(login.status).toBe(200);
    const afterLogin = await browser.fetch(((await login.json()) as { redirectTo: string }).redirectTo);
    const consentUid = uidOf(afterLogin.headers.get('location')!);
    await browser.fetch(`/oauth?uid=${consentUid}`);
    const consent = await browser.fetch(`/api/oauth2-server/interaction/${consentUid}/consent`, {
      method: 'POST',
    });
    expect(consent.status).toBe(200);
    const back = await browser.fetch(((await consent.json()) as { redirectTo: string }).redirectTo);
    const callback = back.headers.get('location')!;
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:4000\/cb\?code=/);
    const params = client.callbackParams(callback);
    const code = params.code!;
    // A relying party on this origin would receive the code and state in its callback's query.
    await browser.fetch(`/cb?code=${code}&state=${state}`);
    const tokens = await client.callback(REDIRECT, params, { code_verifier: verifier, state, nonce });
    const refreshed = await client.refresh(tokens.refresh_token!);

    // Tokens sent in a query string, which RFC 6750 allows and some clients do.
    await fetch(`${origin}/oidc/me?access_token=${tokens.access_token}`);
    await fetch(`${origin}/api/oauth2-server/authorization/menus?access_token=${refreshed.access_token}`);

    // RP-initiated logout with the ID token as its hint.
    const logoutState = `bye-${randomBytes(16).toString('hex')}`;
    const page = await browser.fetch(
      client.endSessionUrl({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: REDIRECT,
        state: logoutState,
      }),
    );
    expect(page.status).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const confirm = await browser.fetch('/oidc/session/end/confirm', {
      method: 'POST',
      form: { xsrf: xsrf!, logout: 'yes' },
    });
    expect(confirm.status).toBe(303);

    // A password reset: the link by email, opened, then used.
    const forget = await browser.fetch('/api/oauth2-server/forget-password', {
      method: 'POST',
      json: { account: user.username },
    });
    expect(forget.status).toBe(200);
    await t.app.services.passwordReset.settled();
    const link = /http:\S+\/reset-password\?token=[\w-]+/.exec(mails.at(-1)?.text ?? '')?.[0];
    expect(link).toBeDefined();
    const resetToken = new URL(link!).searchParams.get('token')!;
    await browser.fetch(link!);
    const newPassword = `log-test-${randomBytes(8).toString('hex')}`;
    const reset = await browser.fetch('/api/oauth2-server/reset-password', {
      method: 'POST',
      json: { token: resetToken, newPassword },
    });
    expect(reset.status).toBe(200);

    const text = log.join('');
    const secrets = {
      loginUid,
      consentUid,
      state,
      code,
      accessToken: tokens.access_token!,
      refreshToken: tokens.refresh_token!,
      idToken: tokens.id_token!,
      refreshedAccessToken: refreshed.access_token!,
      logoutState,
      resetToken,
      clientSecret: registration.secret!,
      password: user.password,
      newPassword,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(text.includes(secret), `${name} in the log`).toBe(false);
    }
    // The requests were logged, with their secrets redacted.
    for (const parameter of ['uid', 'state', 'code', 'access_token', 'id_token_hint', 'token'])
      expect(text).toContain(`${parameter}=${REDACTED}`);
    expect(text).toContain(`/api/oauth2-server/interaction/${REDACTED}/login`);
    expect(text).toContain(`/oidc/auth/${REDACTED}`);
  });
});

describe('redactUrl', () => {
  it("redacts the secret parameters' values however they are written, and keeps the rest", () => {
    expect(redactUrl('/reset-password?token=abc')).toBe(`/reset-password?token=${REDACTED}`);
    expect(redactUrl('/oidc/auth?client_id=c&state=s&redirect_uri=http%3A%2F%2Fx&code_challenge=q')).toBe(
      `/oidc/auth?client_id=c&state=${REDACTED}&redirect_uri=http%3A%2F%2Fx&code_challenge=q`,
    );
    expect(redactUrl('/x?%74oken=a&TOKEN=b&token[]=c&token[0]=d&token&access_token=e&id_token_hint=f')).toBe(
      `/x?%74oken=${REDACTED}&TOKEN=${REDACTED}&token[]=${REDACTED}&token[0]=${REDACTED}&token=${REDACTED}` +
        `&access_token=${REDACTED}&id_token_hint=${REDACTED}`,
    );
    expect(redactUrl('/x?a=%E0%A4%A&uid=u&b=2')).toBe(`/x?a=%E0%A4%A&uid=${REDACTED}&b=2`);
    expect(redactUrl('/api/oauth2-server/interaction/abc/login?x=1')).toBe(
      `/api/oauth2-server/interaction/${REDACTED}/login?x=1`,
    );
    expect(redactUrl('/oidc/auth/abc')).toBe(`/oidc/auth/${REDACTED}`);
    expect(redactUrl('/api/admin-service/v2/user?page=0&size=10')).toBe(
      '/api/admin-service/v2/user?page=0&size=10',
    );
  });
});
