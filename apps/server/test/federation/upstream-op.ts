import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';

/**
 * A second OpenID Provider for the federation tests: oidc-provider on 127.0.0.1 at a port of
 * its own, with a test account store and a login page of its own instead of the development
 * interactions. A browser (a fetch with a cookie jar, or Playwright) signs in by posting the
 * form of `/interaction/{uid}` with an account's `sub`; consent is given at once.
 *
 * Tests that play an attacker turn on `tamper`: an ID token re-signed with a key the
 * provider never published, or a userinfo answer about someone else.
 */

export type UpstreamAccount = {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  /** How the person authenticated (the ID token's `amr`), e.g. `['pwd', 'mfa']`. */
  amr?: string[];
  acr?: string;
};

export type UpstreamClient = {
  clientId: string;
  /** None: a public client (PKCE, no secret). */
  clientSecret?: string;
  redirectUris: string[];
  /** Default `client_secret_basic` with a secret, `none` without. */
  authMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
};

export type UpstreamOpOptions = {
  accounts?: UpstreamAccount[];
  clients?: UpstreamClient[];
  /**
   * Put the scopes' claims in the ID token as well. Off by default: as OIDC Core §5.4 says, a
   * code flow that issues an access token gives them at userinfo only.
   */
  claimsInIdToken?: boolean;
  host?: string;
  port?: number;
};

export type UpstreamTamper = {
  /** Re-sign the token endpoint's ID token with a key of the same `kid` the provider never published. */
  forgeIdTokenSignature: boolean;
  /** Answer userinfo with this `sub` instead of the token's. */
  userinfoSub: string | null;
};

/** How long the upstream spent serving one request, for the bench. */
export type UpstreamTiming = { method: string; path: string; ms: number };

export type UpstreamOp = {
  /** The issuer: `http://127.0.0.1:{port}`. */
  issuer: string;
  provider: Provider;
  /** Adds an account, or replaces the one with the same `sub` (its claims change for the next sign-in). */
  setAccount(account: UpstreamAccount): void;
  /** Registers a relying party, or replaces the one with the same id. */
  addClient(client: UpstreamClient): Promise<void>;
  tamper: UpstreamTamper;
  /** With `record(true)`, each request the upstream served, with its time. */
  record(on: boolean): void;
  timings: UpstreamTiming[];
  close(): Promise<void>;
};

/** One Map per provider: two upstreams in one process share nothing. */
function memoryAdapter(): (name: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const uids = new Map<string, string>();
  const grants = new Map<string, string[]>();
  const read = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
        if (model === 'Session' && payload.uid) uids.set(payload.uid, id);
        if (payload.grantId) grants.set(payload.grantId, [...(grants.get(payload.grantId) ?? []), key(id)]);
      },
      async find(id) {
        return read(key(id));
      },
      async findByUid(uid) {
        const id = uids.get(uid);
        return id === undefined ? undefined : read(key(id));
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = read(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of grants.get(grantId) ?? []) store.delete(k);
        grants.delete(grantId);
      },
    };
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Upstream sign-in</title></head>
<body><main><h1>Upstream sign-in</h1><p>Signing in to ${escapeHtml(clientId)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Account <input name="account" autocomplete="username" autofocus></label>
<button type="submit">Sign in upstream</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The same header and payload, signed with a key the upstream never published. */
function forgeSignature(jwt: string, forger: ReturnType<typeof generateKeyPairSync>['privateKey']): string {
  const [header, payload] = jwt.split('.');
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(forger)
    .toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Starts an upstream OpenID Provider; `close()` stops it. */
export async function startUpstreamOp(options: UpstreamOpOptions = {}): Promise<UpstreamOp> {
  const host = options.host ?? '127.0.0.1';
  const accounts = new Map<string, UpstreamAccount>();
  for (const account of options.accounts ?? []) accounts.set(account.sub, account);
  const tamper: UpstreamTamper = { forgeIdTokenSignature: false, userinfoSub: null };
  const timings: UpstreamTiming[] = [];
  let recording = false;
  let provider: Provider | undefined;

  const server = createServer((req, res) => {
    const started = performance.now();
    if (recording)
      res.once('finish', () =>
        timings.push({
          method: req.method ?? 'GET',
          path: (req.url ?? '/').split('?')[0]!,
          ms: performance.now() - started,
        }),
      );
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'upstream-key', use: 'sig', alg: 'RS256' };
  const adapter = memoryAdapter();

  const configuration: Configuration = {
    adapter,
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clients: [],
    scopes: ['openid', 'profile', 'email', 'groups'],
    // acr and amr reach the ID token only through a scope, here openid's.
    claims: {
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    conformIdTokenClaims: !options.claimsInIdToken,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    pkce: { methods: ['S256'], required: (_ctx, client) => client.tokenEndpointAuthMethod === 'none' },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const current = accounts.get(sub) ?? account;
          const { amr: _amr, acr: _acr, ...claims } = current;
          return claims;
        },
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'text/plain';
      ctx.body = `upstream error: ${out.error} ${out.error_description ?? ''}`;
    },
  };
  const op = new Provider(issuer, configuration);
  provider = op;

  op.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') return;
    if (ctx.path === '/token' && tamper.forgeIdTokenSignature && typeof body.id_token === 'string')
      body.id_token = forgeSignature(body.id_token, forger);
    if (ctx.path === '/me' && tamper.userinfoSub !== null) body.sub = tamper.userinfoSub;
  });
  const callback = op.callback();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match || !provider) {
      callback(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({
            accountId: details.session?.accountId,
            clientId: details.params.client_id as string,
          });
      if (!grant) throw new Error('grant not found');
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(indicator, scopes.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    const clientId = String(details.params.client_id);
    if (req.method === 'POST' && match[2]) {
      const sub = (await readForm(req)).get('account') ?? '';
      const account = accounts.get(sub);
      if (!account) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(details.uid, clientId, `No account ${sub}`));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        {
          login: {
            accountId: sub,
            ...(account.amr ? { amr: account.amr } : {}),
            ...(account.acr ? { acr: account.acr } : {}),
          },
        },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(loginPage(details.uid, clientId));
  }

  const addClient = async (c: UpstreamClient) => {
    const method = c.authMethod ?? (c.clientSecret ? 'client_secret_basic' : 'none');
    await adapter('Client').upsert(
      c.clientId,
      {
        client_id: c.clientId,
        ...(c.clientSecret ? { client_secret: c.clientSecret } : {}),
        redirect_uris: c.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: method,
      } as AdapterPayload,
      0,
    );
  };
  for (const c of options.clients ?? []) await addClient(c);

  return {
    issuer,
    provider: op,
    setAccount: (account) => accounts.set(account.sub, account),
    addClient,
    tamper,
    record: (on) => {
      recording = on;
    },
    timings,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
