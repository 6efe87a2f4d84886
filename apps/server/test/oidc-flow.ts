import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The code flow as a relying party and a browser run it against a listening test server, in
 * plain HTTP: the authorization request, the console's /oauth page driven through the
 * interaction API, and the token request, with any parameter (`resource`) the test wants.
 */

type StoredCookie = { name: string; value: string; path: string };
type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** RFC 6265 5.1.4: whether a cookie of `cookiePath` goes with a request for `path`. */
function pathMatches(cookiePath: string, path: string): boolean {
  if (path === cookiePath) return true;
  return path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/');
}

/** A browser: follows nothing by itself, and sends each request the cookies whose path it matches. */
export class Browser {
  private jar: StoredCookie[] = [];
  constructor(
    private readonly origin: string,
    private readonly inject: Inject,
  ) {}

  async get(url: string): Promise<Response> {
    const target = new URL(url, this.origin);
    const res = await fetch(target, {
      redirect: 'manual',
      headers: { cookie: this.cookieFor(target.pathname) },
    });
    this.keep(target.pathname, res.headers.getSetCookie());
    return res;
  }

  /** A call of the interaction API as the /oauth page makes it, with this browser's cookies. */
  async api(path: string, body?: object) {
    const res = await this.inject({
      method: 'POST',
      url: path,
      headers: { cookie: this.cookieFor(path) },
      ...(body === undefined ? {} : { payload: body }),
    });
    const setCookie = res.headers['set-cookie'];
    this.keep(path, setCookie === undefined ? [] : ([] as string[]).concat(setCookie));
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  }

  private cookieFor(path: string): string {
    return this.jar
      .filter((c) => pathMatches(c.path, path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private keep(requestPath: string, lines: string[]) {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const pathAttribute = attributes
        .map((a) => a.trim())
        .find((a) => a.toLowerCase().startsWith('path='))
        ?.slice('path='.length);
      const path = pathAttribute?.startsWith('/')
        ? pathAttribute
        : requestPath.slice(0, Math.max(1, requestPath.lastIndexOf('/')));
      this.jar = this.jar.filter((c) => !(c.name === name && c.path === path));
      if (value !== '' && !/expires=Thu, 01 Jan 1970/i.test(line)) this.jar.push({ name, value, path });
    }
  }
}

export type RelyingParty = { client: string; secret?: string; redirectUri: string };

const INTERACTION = '/api/oauth2-server/interaction';

/** HTTP Basic for a confidential client, the client id in the body for a public one. */
function clientAuth(rp: { client: string; secret?: string }, body: URLSearchParams): Record<string, string> {
  if (rp.secret === undefined) {
    body.set('client_id', rp.client);
    return {};
  }
  const basic = Buffer.from(`${encodeURIComponent(rp.client)}:${encodeURIComponent(rp.secret)}`).toString(
    'base64',
  );
  return { authorization: `Basic ${basic}` };
}

/** A POST to one of the provider's endpoints as the client; the answer's status and JSON. */
export async function clientPost(
  origin: string,
  path: string,
  rp: { client: string; secret?: string },
  params: Record<string, string>,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = new URLSearchParams(params);
  const headers = clientAuth(rp, body);
  const res = await fetch(`${origin}/oidc${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
}

/**
 * Signs `user` in through the code flow and redeems the code. `authorize` adds parameters to
 * the authorization request, `redeem` to the token request (e.g. `resource` on both).
 */
export async function codeFlow(
  origin: string,
  inject: Inject,
  rp: RelyingParty,
  user: { username: string; password: string },
  options: { scope?: string; authorize?: Record<string, string>; redeem?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const browser = new Browser(origin, inject);
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URLSearchParams({
    client_id: rp.client,
    redirect_uri: rp.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid gatehouse',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'consent',
    ...options.authorize,
  });
  let res = await browser.get(`/oidc/auth?${auth}`);
  let location = res.headers.get('location') ?? '';
  expect(location, await res.text()).toMatch(/^\/oauth\?uid=/);
  const uidOf = (at: string) => new URL(at, origin).searchParams.get('uid')!;
  const login = await browser.api(`${INTERACTION}/${uidOf(location)}/login`, user);
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  res = await browser.get(login.json.redirectTo as string);
  location = res.headers.get('location')!;
  const consent = await browser.api(`${INTERACTION}/${uidOf(location)}/consent`);
  expect(consent.status, JSON.stringify(consent.json)).toBe(200);
  res = await browser.get(consent.json.redirectTo as string);
  const callback = new URL(res.headers.get('location')!);
  const code = callback.searchParams.get('code');
  expect(code, callback.toString()).toBeTruthy();
  return clientPost(origin, '/token', rp, {
    grant_type: 'authorization_code',
    code: code!,
    redirect_uri: rp.redirectUri,
    code_verifier: verifier,
    ...options.redeem,
  });
}
