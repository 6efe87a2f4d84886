import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FORGET_RATE_LIMIT,
  LOGIN_RATE_LIMIT,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '@gatehouse/contract';
import { z } from 'zod';
import { parseSecretKey } from './lib/server-key.ts';

/** Requests (or failures) per account identifier and per IP in a window. */
export type RequestRateLimit = { perAccount: number; perIp: number; windowSeconds: number };
/**
 * Sign-in: `perAccount` counts per account and source together (IP or device cookie); the
 * account-wide backoff starts after `backoffAfter` failures without the account's device
 * cookie and doubles from `backoffBaseSeconds` up to `backoffMaxSeconds`.
 */
export type LoginRateLimit = RequestRateLimit & {
  backoffAfter: number;
  backoffBaseSeconds: number;
  backoffMaxSeconds: number;
};

/** Lifetimes of what the OpenID Provider issues, in seconds. */
export type TokenLifetimes = {
  accessToken: number;
  idToken: number;
  refreshToken: number;
  authorizationCode: number;
};

export type AppConfig = {
  port: number;
  host: string;
  /** PGlite data directory, used when `databaseUrl` is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The first administrator's password; when unset the seed generates and prints one. */
  adminPassword: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  /** The built SPA; served when the directory exists. */
  webDir: string;
  /** Fastify's trustProxy: needed behind a load balancer so per-IP limits see client IPs. */
  trustProxy: boolean | string;
  loginRateLimit: LoginRateLimit;
  /** /forget: reset link requests per account identifier and per IP; per IP also the wrong reset links. */
  forgetRateLimit: RequestRateLimit;
  /** The OpenID Provider's issuer; by default http://<host>:<port>/oidc of the listening server. */
  issuer: string | undefined;
  /** What the OpenID Provider issues lives this long. */
  tokenLifetimes: TokenLifetimes;
  /** How often expired OIDC artefacts are deleted (also once at start); 10 minutes by default. */
  oidcPurgeIntervalMs: number;
  /** How often the audit sealer runs a round (lib/audit-chain.ts); 0 turns it off. 5 s by default. */
  auditSealIntervalMs: number;
  /** How often an instance asks whether the daily audit purge is due; 0 turns it off. Hourly by default. */
  auditPurgeCheckIntervalMs: number;
  /** GATEHOUSE_SECRET_KEY; main.ts falls back to the data directory's key (see lib/server-key.ts). */
  secretKey: Buffer | undefined;
  /** SMTP_URL (smtp://user:pass@host:port, smtps://…): password reset links go by email; unset, to the log. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, the sender of the server's emails. */
  mailFrom: string;
  /**
   * GATEHOUSE_PUBLIC_URL: the console's origin, the only origin of the links in emails. Unset,
   * production refuses to send such links; development uses the server's own address.
   */
  publicUrl: string | undefined;
  /**
   * GATEHOUSE_PASSKEY_ORIGIN: the origin passkeys are registered and used on; its host is the
   * WebAuthn relying-party id. Unset: `publicUrl`, else `http://localhost:<PORT>`.
   */
  passkeyOrigin: string | undefined;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * GATEHOUSE_SESSION_IDLE_SECONDS: a session unused this long serves nothing but the lock's
   * unlock (0: no idle timeout). Unset, it follows the console's lock time, plus a grace.
   */
  sessionIdleSeconds: number | undefined;
  /**
   * GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement that runs (or waits for
   * a lock) longer, and the request answers 503; 0 turns it off. PGlite has none.
   */
  databaseStatementTimeoutMs: number;
  /**
   * GATEHOUSE_REQUEST_BODY_TIMEOUT_MS: a request's headers and body must arrive within this,
   * or the connection gets 408 and closes; 0 turns it off. Handling it has its own budget.
   */
  requestBodyTimeoutMs: number;
  /** GATEHOUSE_COMMIT: the commit /api/version names when the build recorded none. */
  commit: string | undefined;
  /** GATEHOUSE_WEBHOOK_ALLOW_HTTP: webhooks may target plain http URLs. Off by default. */
  webhookAllowHttp: boolean;
  /**
   * GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: webhooks may target private, loopback and link-local
   * addresses (the SSRF guard off). Off by default.
   */
  webhookAllowPrivate: boolean;
  /** GATEHOUSE_WEBHOOK_TIMEOUT_MS: a delivery attempt's deadline; the contract's 10 s at most. */
  webhookTimeoutMs: number | undefined;
  /** GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS: the delays between delivery attempts, the last repeated. */
  webhookRetryDelaysMs: number[] | undefined;
  /** Deliveries one instance sends at once. 32 by default. */
  webhookConcurrency: number;
  /** How often each job queue is polled (lib/jobs.ts); a commit in this instance wakes it at once. 1 s by default. */
  jobPollIntervalMs: number;
  /**
   * GATEHOUSE_METRICS_PORT: Prometheus metrics at /metrics on this port of HOST, and nothing
   * else there (plugins/metrics.ts); unset, no metrics are kept. 0 picks a free port.
   */
  metricsPort: number | undefined;
};

// ---- the settings ---------------------------------------------------------------------------
//
// Every environment variable the server reads is one entry of `SETTINGS`: its rule (a zod
// schema over the variable's text), what it means and its default as the docs say them. The
// settings table of docs/operating.md is generated from these entries (`settingsTable`), and a
// test keeps the two the same. An empty variable counts as unset.

/** What docs/operating.md says of a setting; a secret's value is never repeated in an error. */
export type SettingDoc = { meaning: string; default: string; secret?: boolean };
const docs = z.registry<SettingDoc>();

/** A rule over a variable's text: `read` answers the value, or throws the rule it breaks. */
function rule<T>(read: (raw: string) => T) {
  return z.string().transform((raw, ctx): T => {
    try {
      return read(raw);
    } catch (broken) {
      ctx.addIssue({ code: 'custom', message: (broken as Error).message });
      return z.NEVER;
    }
  });
}

const broken = (message: string) => new Error(message);

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const says =
    max === Number.MAX_SAFE_INTEGER
      ? `a whole number, ${min} or more`
      : `a whole number from ${min} to ${max}`;
  return rule((raw) => {
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max) throw broken(`must be ${says}`);
    return n;
  });
}

/** A URL whose scheme is one of `schemes` (with their colon), with a host. */
function urlOf(schemes: string[], example: string) {
  return rule((raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw broken(`must be a URL such as ${example}`);
    }
    if (!schemes.includes(url.protocol) || !url.hostname)
      throw broken(`must be a ${schemes.map((s) => s.slice(0, -1)).join(' or ')} URL such as ${example}`);
    return raw;
  });
}

/**
 * An http(s) origin, without a path, query or fragment: emailed links are built on it, so
 * anything else would make them point somewhere unexpected.
 */
const publicOrigin = rule((raw) => {
  const invalid = () => broken('must be an http(s) origin with no path, such as https://iam.example.com');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid();
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !raw.includes('#');
  if (!['http:', 'https:'].includes(url.protocol) || !bare || url.username || url.password) throw invalid();
  return url.origin;
});

/** proxy-addr's names for address ranges, besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `true`, `false`, or the proxy addresses/CIDRs to trust, comma-separated (proxy-addr syntax). */
const trustProxy = rule((raw): boolean | string => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!(PROXY_RANGES.has(entry) || (family !== 0 && bitsOk && extra === undefined)))
      throw broken(
        `must be true, false, or proxy addresses separated by commas (IPs, CIDRs, loopback, linklocal, uniquelocal); "${entry}" is none`,
      );
  }
  return entries.join(',');
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A host name or an IP address to listen on. */
const host = rule((raw) => {
  if (
    isIP(raw) ||
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
      raw,
    )
  )
    return raw;
  throw broken('must be an IP address (0.0.0.0 for every interface) or a host name');
});

const text = rule((raw) => raw);

const flag = rule((raw) => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw broken('must be true or false');
});

/** Milliseconds, comma-separated: `1000,5000,60000`. */
const delays = rule((raw) =>
  raw.split(',').map((part) => {
    const n = Number(part.trim());
    if (!/^\d+$/.test(part.trim()) || n < 1)
      throw broken('must be whole numbers of milliseconds, 1 or more, separated by commas');
    return n;
  }),
);

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Every setting: the variable, its rule and, where it has one, its default. */
export const SETTINGS = z.object({
  PORT: wholeNumber(0, 65_535)
    .default(8080)
    .register(docs, { meaning: 'the port the server listens on (`0`: any free port)', default: '`8080`' }),
  HOST: host.default('127.0.0.1').register(docs, {
    meaning:
      'the address the server listens on. In a container, or to be reached from other machines, `0.0.0.0` (every IPv4 interface) or `::`',
    default: '`127.0.0.1` (this machine only)',
  }),
  GATEHOUSE_METRICS_PORT: wholeNumber(0, 65_535).optional().register(docs, {
    meaning:
      'Prometheus metrics at `/metrics` on this port of `HOST`, which serves nothing else. Keep it off the public network: a firewall or a separate interface',
    default: 'unset: no metrics are kept or served',
  }),
  GATEHOUSE_DATA_DIR: text.default('./data').register(docs, {
    meaning:
      'directory of the embedded (PGlite) database and, without `GATEHOUSE_SECRET_KEY`, of its server key (relative: to the working directory)',
    default: '`./data`',
  }),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/gatehouse')
    .optional()
    .register(docs, {
      meaning: '`postgres://…`: use a PostgreSQL server instead of the embedded database',
      default: 'unset: the embedded database',
      secret: true,
    }),
  GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: wholeNumber(0).default(15_000).register(docs, {
    meaning:
      "PostgreSQL's `statement_timeout` on every pooled connection: a statement that runs, or waits for a lock, longer is cancelled and its request answers 503 with `Retry-After` (`0`: none; migrations run without it; PGlite has no timeout)",
    default: '`15000`',
  }),
  GATEHOUSE_REQUEST_BODY_TIMEOUT_MS: wholeNumber(0).default(30_000).register(docs, {
    meaning:
      "a request's headers and body must arrive within this, else it is answered 408 and its connection closes (`0`: no limit); handling it then has 5 minutes",
    default: '`30000`',
  }),
  GATEHOUSE_ADMIN_PASSWORD: rule((raw) => {
    if (raw.length < MIN_PASSWORD_LENGTH || raw.length > MAX_PASSWORD_LENGTH)
      throw broken(`must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
    return raw;
  })
    .optional()
    .register(docs, {
      meaning: "the first administrator's password, read on the first start only",
      default: 'unset: generated and printed once',
      secret: true,
    }),
  REDIS_URL: urlOf(['redis:', 'rediss:'], 'redis://127.0.0.1:6379').optional().register(docs, {
    meaning:
      'share the sign-in and reset limits’ counters and the single use of two-factor challenges between instances through Redis: **required** with more than one instance',
    default: 'unset: counted in memory, per instance (right for one instance only)',
    secret: true,
  }),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info')
    .register(docs, {
      meaning: `pino log level: ${LOG_LEVELS.map((l) => `\`${l}\``).join(', ')}`,
      default: '`info`',
    }),
  GATEHOUSE_SECRET_KEY: rule((raw) => {
    try {
      return parseSecretKey(raw);
    } catch {
      throw broken('must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    }
  })
    .optional()
    .register(docs, {
      meaning:
        "the server key: 32 bytes, base64 (`openssl rand -base64 32`). It seals the OIDC signing keys and two-factor secrets in the database and derives the provider's cookie keys",
      default:
        'embedded database: generated on first start into `<GATEHOUSE_DATA_DIR>/secret.key`; PostgreSQL: **required** (a start without it stops and prints a fresh value to set on every instance)',
      secret: true,
    }),
  GATEHOUSE_ISSUER: urlOf(['http:', 'https:'], 'https://iam.example.com/oidc')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional()
    .register(docs, {
      meaning:
        "the OpenID Provider's issuer, as clients see it (behind a proxy: the public URL ending in `/oidc`)",
      default: '`http://<HOST>:<PORT>/oidc` of the listening server',
    }),
  GATEHOUSE_TRUST_PROXY: trustProxy.default(false).register(docs, {
    meaning:
      "Fastify `trustProxy` (`true`, or the proxy addresses/CIDRs): per-IP limits then see the client's address, the provider trusts `X-Forwarded-*`, and a request the proxy marks `X-Forwarded-Proto: https` gets HSTS. Set it only behind a proxy that overwrites those headers",
    default: 'unset: `false`',
  }),
  GATEHOUSE_SESSION_IDLE_SECONDS: wholeNumber(0).optional().register(docs, {
    meaning: "a console session unused this long serves nothing but the lock's unlock (`0`: no idle timeout)",
    default: "unset: the console's lock time plus 5 minutes",
  }),
  GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS: wholeNumber(60)
    .default(3600)
    .register(docs, { meaning: 'the life of an OAuth access token the provider issues', default: '`3600`' }),
  GATEHOUSE_ID_TOKEN_TTL_SECONDS: wholeNumber(60).default(3600).register(docs, {
    meaning:
      'the life of an ID token; a retired signing key stays published for this plus an hour, at least two hours',
    default: '`3600`',
  }),
  GATEHOUSE_REFRESH_TOKEN_TTL_SECONDS: wholeNumber(60)
    .default(14 * 24 * 3600)
    .register(docs, {
      meaning:
        'the life of a refresh token (rotated on each use; the grant behind it lives as long, at least 14 days)',
      default: '`1209600` (14 days)',
    }),
  GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS: wholeNumber(1, 600).default(60).register(docs, {
    meaning: 'the life of an authorization code (RFC 6749 §4.1.2: 10 minutes at most)',
    default: '`60`',
  }),
  GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.perAccount)
    .register(docs, {
      meaning: 'failed sign-ins per account and source (an IP or a device cookie) in the window',
      default: `\`${LOGIN_RATE_LIMIT.perAccount}\``,
    }),
  GATEHOUSE_LOGIN_LIMIT_PER_IP: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.perIp)
    .register(docs, {
      meaning: 'failed sign-ins per IP in the window',
      default: `\`${LOGIN_RATE_LIMIT.perIp}\``,
    }),
  GATEHOUSE_LOGIN_LIMIT_WINDOW_SECONDS: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.windowSeconds)
    .register(docs, {
      meaning: 'the window the two sign-in limits count in',
      default: `\`${LOGIN_RATE_LIMIT.windowSeconds}\``,
    }),
  GATEHOUSE_LOGIN_BACKOFF_AFTER: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.backoffAfter)
    .register(docs, {
      meaning:
        'failures on an account from browsers without its device cookie before each further one makes them wait (the account-wide backoff)',
      default: `\`${LOGIN_RATE_LIMIT.backoffAfter}\``,
    }),
  GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.backoffBaseSeconds)
    .register(docs, {
      meaning: "the backoff's first wait; each next one is twice as long",
      default: `\`${LOGIN_RATE_LIMIT.backoffBaseSeconds}\``,
    }),
  GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS: wholeNumber(1)
    .default(LOGIN_RATE_LIMIT.backoffMaxSeconds)
    .register(docs, {
      meaning: "the backoff's longest wait (at least its first)",
      default: `\`${LOGIN_RATE_LIMIT.backoffMaxSeconds}\``,
    }),
  GATEHOUSE_FORGET_LIMIT_PER_ACCOUNT: wholeNumber(1)
    .default(FORGET_RATE_LIMIT.perAccount)
    .register(docs, {
      meaning: 'password reset link requests per account identifier in the window',
      default: `\`${FORGET_RATE_LIMIT.perAccount}\``,
    }),
  GATEHOUSE_FORGET_LIMIT_PER_IP: wholeNumber(1)
    .default(FORGET_RATE_LIMIT.perIp)
    .register(docs, {
      meaning: 'password reset link requests, and wrong reset links, per IP in the window',
      default: `\`${FORGET_RATE_LIMIT.perIp}\``,
    }),
  GATEHOUSE_FORGET_LIMIT_WINDOW_SECONDS: wholeNumber(1)
    .default(FORGET_RATE_LIMIT.windowSeconds)
    .register(docs, {
      meaning: 'the window the reset link limits count in',
      default: `\`${FORGET_RATE_LIMIT.windowSeconds}\``,
    }),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com:465')
    .optional()
    .register(docs, {
      meaning: '`smtp://user:pass@host:port` or `smtps://…`: password reset links go by email (nodemailer)',
      default: 'unset: each link goes to the server log',
      secret: true,
    }),
  MAIL_FROM: text
    .default('Gatehouse <no-reply@localhost>')
    .register(docs, { meaning: 'the sender of those emails', default: '`Gatehouse <no-reply@localhost>`' }),
  GATEHOUSE_PUBLIC_URL: publicOrigin.optional().register(docs, {
    meaning:
      "the console's public origin (`https://iam.example.com`, no path): the only origin of the links in emails; a request's `Host` never is",
    default:
      'unset: in production reset links are refused (503, and a warning at start); in development `http://<HOST>:<PORT>` of the listening server',
  }),
  GATEHOUSE_PASSKEY_ORIGIN: publicOrigin.optional().register(docs, {
    meaning:
      'the origin the console is opened on for passkeys (`https://iam.example.com`): WebAuthn binds each passkey to it, and its host name is the relying-party id. Browsers refuse an IP address there: open the console on a name (`localhost` will do on this machine)',
    default: 'unset: `GATEHOUSE_PUBLIC_URL`, else `http://localhost:<PORT>` of the listening server',
  }),
  GATEHOUSE_WEB_DIR: text.optional().register(docs, {
    meaning: "the console's built files, served when the folder holds an `index.html`",
    default: '`apps/web/dist` of this tree',
  }),
  GATEHOUSE_COMMIT: rule((raw) => {
    if (!/^[0-9a-f]{7,64}$/i.test(raw)) throw broken('must be a commit id: 7 to 64 hexadecimal digits');
    return raw.toLowerCase();
  })
    .optional()
    .register(docs, {
      meaning:
        "`GET /api/version`'s commit when the build recorded none (a build outside a git checkout, or the sources)",
      default: 'unset: the commit `npm run build` found, else `null`',
    }),
  GATEHOUSE_WEBHOOK_ALLOW_HTTP: flag.default(false).register(docs, {
    meaning:
      'webhooks may target plain `http://` URLs (a receiver inside a trusted network); otherwise saving one is a 400',
    default: '`false`: https only',
  }),
  GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: flag.default(false).register(docs, {
    meaning:
      'webhooks may target private, loopback, link-local and other non-public addresses. Off, such a target is refused when saved (a literal address, or a name resolving only to such) and at every connection (DNS rebinding included): the SSRF guard',
    default: '`false`',
  }),
  GATEHOUSE_WEBHOOK_TIMEOUT_MS: wholeNumber(1, 10_000).optional().register(docs, {
    meaning:
      "a webhook delivery attempt's deadline, connecting, sending and reading the answer (for tests; never above 10 s)",
    default: 'unset: `10000`',
  }),
  GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS: delays.optional().register(docs, {
    meaning:
      'the delays between the attempts of a webhook delivery, comma-separated, the last one repeated until the 24 hours are over (for tests)',
    default: 'unset: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then hourly',
  }),
  NODE_ENV: text.optional().register(docs, {
    meaning: '`production` turns on the production rules (reset links only on `GATEHOUSE_PUBLIC_URL`)',
    default: 'unset: development',
  }),
});

export type Settings = z.output<typeof SETTINGS>;
export type SettingName = keyof typeof SETTINGS.shape;

/** What docs/operating.md says of each setting. */
export function settingDoc(name: SettingName): SettingDoc {
  const doc = docs.get(SETTINGS.shape[name]);
  if (!doc) throw new Error(`the setting ${name} has no documentation`);
  return doc;
}

/** The settings as a Markdown table, as docs/operating.md holds it. */
export function settingsTable(): string {
  const cell = (value: string) => value.replaceAll('|', '\\|');
  const rows = (Object.keys(SETTINGS.shape) as SettingName[]).map((name) => {
    const doc = settingDoc(name);
    return `| \`${name}\` | ${cell(doc.meaning)} | ${cell(doc.default)} |`;
  });
  return ['| variable | meaning | default |', '|---|---|---|', ...rows].join('\n');
}

/** The settings that break their rules, one line each, naming the variable and the rule. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Gatehouse cannot start: ${problems.length === 1 ? 'a setting is' : `${problems.length} settings are`} invalid.\n${problems.map((p) => `  ${p}`).join('\n')}\nSee the settings in docs/operating.md.`,
    );
    this.name = 'ConfigError';
  }
}

/** The environment's settings, checked; every broken rule is named at once. */
export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const given: Record<string, string> = {};
  for (const name of Object.keys(SETTINGS.shape)) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const result = SETTINGS.safeParse(given);
  const problems = (result.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0]) as SettingName;
    const value = settingDoc(name).secret ? '(value not shown)' : JSON.stringify(given[name]);
    return `${name}=${value}: ${issue.message}`;
  });
  if (result.success) {
    const s = result.data;
    if (s.GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS < s.GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS)
      problems.push(
        `GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS=${s.GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS}: must be at least GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS (${s.GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS})`,
      );
    // The metrics port serves nothing but /metrics: it can never be the API's.
    if (
      s.GATEHOUSE_METRICS_PORT !== undefined &&
      s.GATEHOUSE_METRICS_PORT !== 0 &&
      s.GATEHOUSE_METRICS_PORT === s.PORT
    )
      problems.push(`GATEHOUSE_METRICS_PORT=${s.GATEHOUSE_METRICS_PORT}: must differ from PORT`);
  }
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return result.data;
}

/** Reads the configuration from the environment; relative paths resolve against the working directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const s = readSettings(env);
  return {
    port: s.PORT,
    host: s.HOST,
    dataDir: resolve(cwd, s.GATEHOUSE_DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    adminPassword: s.GATEHOUSE_ADMIN_PASSWORD,
    redisUrl: s.REDIS_URL,
    logLevel: s.LOG_LEVEL,
    webDir: s.GATEHOUSE_WEB_DIR ? resolve(cwd, s.GATEHOUSE_WEB_DIR) : DEFAULT_WEB_DIR,
    trustProxy: s.GATEHOUSE_TRUST_PROXY,
    loginRateLimit: {
      perAccount: s.GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT,
      perIp: s.GATEHOUSE_LOGIN_LIMIT_PER_IP,
      windowSeconds: s.GATEHOUSE_LOGIN_LIMIT_WINDOW_SECONDS,
      backoffAfter: s.GATEHOUSE_LOGIN_BACKOFF_AFTER,
      backoffBaseSeconds: s.GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS,
      backoffMaxSeconds: s.GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS,
    },
    forgetRateLimit: {
      perAccount: s.GATEHOUSE_FORGET_LIMIT_PER_ACCOUNT,
      perIp: s.GATEHOUSE_FORGET_LIMIT_PER_IP,
      windowSeconds: s.GATEHOUSE_FORGET_LIMIT_WINDOW_SECONDS,
    },
    issuer: s.GATEHOUSE_ISSUER,
    tokenLifetimes: {
      accessToken: s.GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS,
      idToken: s.GATEHOUSE_ID_TOKEN_TTL_SECONDS,
      refreshToken: s.GATEHOUSE_REFRESH_TOKEN_TTL_SECONDS,
      authorizationCode: s.GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS,
    },
    oidcPurgeIntervalMs: 10 * 60_000,
    auditSealIntervalMs: 5_000,
    auditPurgeCheckIntervalMs: 60 * 60_000,
    secretKey: s.GATEHOUSE_SECRET_KEY,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    publicUrl: s.GATEHOUSE_PUBLIC_URL,
    passkeyOrigin: s.GATEHOUSE_PASSKEY_ORIGIN,
    production: s.NODE_ENV === 'production',
    sessionIdleSeconds: s.GATEHOUSE_SESSION_IDLE_SECONDS,
    databaseStatementTimeoutMs: s.GATEHOUSE_DB_STATEMENT_TIMEOUT_MS,
    requestBodyTimeoutMs: s.GATEHOUSE_REQUEST_BODY_TIMEOUT_MS,
    commit: s.GATEHOUSE_COMMIT,
    webhookAllowHttp: s.GATEHOUSE_WEBHOOK_ALLOW_HTTP,
    webhookAllowPrivate: s.GATEHOUSE_WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: s.GATEHOUSE_WEBHOOK_TIMEOUT_MS,
    webhookRetryDelaysMs: s.GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS,
    webhookConcurrency: 32,
    jobPollIntervalMs: 1_000,
    metricsPort: s.GATEHOUSE_METRICS_PORT,
  };
}

/**
 * For a command's start: the configuration, or, when a setting breaks its rule, the message
 * naming each one on stderr and exit code 2, without a stack trace.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}

/** Defaults for an app built without the environment (tests, embedding). */
export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), ...overrides };
}

export function webDirExists(config: AppConfig): boolean {
  return existsSync(resolve(config.webDir, 'index.html'));
}
