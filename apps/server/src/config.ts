import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORGET_RATE_LIMIT, LOGIN_RATE_LIMIT } from '@gatehouse/contract';
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
  /** GATEHOUSE_WEBHOOK_ALLOW_HTTP=true: webhooks may target plain http URLs. Off by default. */
  webhookAllowHttp: boolean;
  /**
   * GATEHOUSE_WEBHOOK_ALLOW_PRIVATE=true: webhooks may target private, loopback and link-local
   * addresses (SSRF protection off). Off by default.
   */
  webhookAllowPrivate: boolean;
  /**
   * GATEHOUSE_WEBHOOK_TIMEOUT_MS: a delivery attempt's deadline; the contract's 10 s by
   * default, and never longer. For tests: leave it unset.
   */
  webhookTimeoutMs: number | undefined;
  /**
   * GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS: the delays between delivery attempts, comma-separated,
   * the last repeated; 5 s, 30 s, 2 min, 10 min, 30 min, 1 h by default. For tests: leave it unset.
   */
  webhookRetryDelaysMs: number[] | undefined;
  /** Deliveries one instance sends at once. 16 by default. */
  webhookConcurrency: number;
  /** How often each job queue is polled (lib/jobs.ts); a commit in this instance wakes it at once. 1 s by default. */
  jobPollIntervalMs: number;
};

/** A statement that has run this long is stuck, not slow: the slowest list query takes well under a second. */
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/** Even a 1 MiB body arrives in this on any working link; a slower one only holds a connection. */
const DEFAULT_REQUEST_BODY_TIMEOUT_MS = 30_000;

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT is not a port number: ${value}`);
  return port;
}

function parseSeconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0)
    throw new Error(`${name} is not a number of seconds: ${value}`);
  return seconds;
}

function parseMilliseconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const milliseconds = Number(value);
  if (!Number.isInteger(milliseconds) || milliseconds < 0)
    throw new Error(`${name} is not a number of milliseconds: ${value}`);
  return milliseconds;
}

/**
 * An http(s) origin, without a path, query or fragment: emailed links are built on it, so
 * anything else would make them point somewhere unexpected.
 */
function parsePublicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const invalid = () =>
    new Error(`GATEHOUSE_PUBLIC_URL is not an http(s) origin such as https://iam.example.com: ${value}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid();
  }
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !value.includes('#');
  if (!['http:', 'https:'].includes(url.protocol) || !bare || url.username || url.password) throw invalid();
  return url.origin;
}

/** `true`, or the proxy addresses/CIDRs to trust, comma-separated (proxy-addr syntax). */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} is true or false: ${value}`);
}

function parseDelays(name: string, value: string | undefined): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  return value.split(',').map((part) => parseMilliseconds(name, part.trim())!);
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Reads the configuration from the environment; relative paths resolve against the working directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: resolve(cwd, nonEmpty(env.GATEHOUSE_DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    adminPassword: nonEmpty(env.GATEHOUSE_ADMIN_PASSWORD),
    redisUrl: nonEmpty(env.REDIS_URL),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    webDir: env.GATEHOUSE_WEB_DIR ? resolve(cwd, env.GATEHOUSE_WEB_DIR) : DEFAULT_WEB_DIR,
    trustProxy: parseTrustProxy(env.GATEHOUSE_TRUST_PROXY),
    loginRateLimit: { ...LOGIN_RATE_LIMIT },
    forgetRateLimit: { ...FORGET_RATE_LIMIT },
    issuer: nonEmpty(env.GATEHOUSE_ISSUER)?.replace(/\/+$/, ''),
    oidcPurgeIntervalMs: 10 * 60_000,
    auditSealIntervalMs: 5_000,
    auditPurgeCheckIntervalMs: 60 * 60_000,
    secretKey: nonEmpty(env.GATEHOUSE_SECRET_KEY) ? parseSecretKey(env.GATEHOUSE_SECRET_KEY!) : undefined,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Gatehouse <no-reply@localhost>',
    publicUrl: parsePublicUrl(env.GATEHOUSE_PUBLIC_URL),
    production: env.NODE_ENV === 'production',
    sessionIdleSeconds: parseSeconds('GATEHOUSE_SESSION_IDLE_SECONDS', env.GATEHOUSE_SESSION_IDLE_SECONDS),
    databaseStatementTimeoutMs:
      parseMilliseconds('GATEHOUSE_DB_STATEMENT_TIMEOUT_MS', env.GATEHOUSE_DB_STATEMENT_TIMEOUT_MS) ??
      DEFAULT_STATEMENT_TIMEOUT_MS,
    requestBodyTimeoutMs:
      parseMilliseconds('GATEHOUSE_REQUEST_BODY_TIMEOUT_MS', env.GATEHOUSE_REQUEST_BODY_TIMEOUT_MS) ??
      DEFAULT_REQUEST_BODY_TIMEOUT_MS,
    webhookAllowHttp: parseFlag('GATEHOUSE_WEBHOOK_ALLOW_HTTP', env.GATEHOUSE_WEBHOOK_ALLOW_HTTP),
    webhookAllowPrivate: parseFlag('GATEHOUSE_WEBHOOK_ALLOW_PRIVATE', env.GATEHOUSE_WEBHOOK_ALLOW_PRIVATE),
    webhookTimeoutMs: parseMilliseconds('GATEHOUSE_WEBHOOK_TIMEOUT_MS', env.GATEHOUSE_WEBHOOK_TIMEOUT_MS),
    webhookRetryDelaysMs: parseDelays(
      'GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS',
      env.GATEHOUSE_WEBHOOK_RETRY_DELAYS_MS,
    ),
    webhookConcurrency: 16,
    jobPollIntervalMs: 1_000,
  };
}

/** Defaults for an app built without the environment (tests, embedding). */
export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), ...overrides };
}

export function webDirExists(config: AppConfig): boolean {
  return existsSync(resolve(config.webDir, 'index.html'));
}
