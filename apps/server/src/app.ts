import { randomUUID } from 'node:crypto';
import { addCatalogue, m, QUERY_LIMITS, REQUEST_TIMEOUT_MS } from '@gatehouse/contract';
import { EN } from '@gatehouse/contract/i18n/en-all';
import { ZH } from '@gatehouse/contract/i18n/zh';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import { type AppConfig, defaultConfig, webDirExists } from './config.ts';
import type { Database, DatabaseUsage, Listen } from './db/client.ts';
import { versionInfo } from './lib/build-info.ts';
import { isDatabaseUnavailable } from './lib/db-errors.ts';
import { validationFailed } from './lib/errors.ts';
import { pageAnchorLookups } from './lib/listing.ts';
import { withSafeSerializers } from './lib/log-errors.ts';
import { Mailer } from './lib/mailer.ts';
import type { CounterStore } from './lib/rate-limit-store.ts';
import { generateSecretKey } from './lib/server-key.ts';
import accountRoutes from './modules/account/routes.ts';
import aclRoutes from './modules/acl/routes.ts';
import appApiRoutes from './modules/app-apis/routes.ts';
import applicationRoutes from './modules/applications/routes.ts';
import auditRoutes from './modules/audit/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import clientRoutes from './modules/clients/routes.ts';
import configTransferRoutes from './modules/config-transfer/routes.ts';
import dataAccessRoutes from './modules/data-access/routes.ts';
import dictionaryRoutes from './modules/dictionaries/routes.ts';
import identityProviderRoutes from './modules/federation/crud-routes.ts';
import oidcFederationRoutes from './modules/federation/oidc-routes.ts';
import federationRoutes from './modules/federation/routes.ts';
import samlRoutes from './modules/federation/saml-routes.ts';
import groupRoutes from './modules/groups/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import machineAccessRoutes from './modules/machine-access/routes.ts';
import menuRoutes from './modules/menus/routes.ts';
import objectRoutes from './modules/objects/routes.ts';
import oidcRoutes from './modules/oidc/routes.ts';
import organizationRoutes from './modules/organizations/routes.ts';
import pageRoutes from './modules/pages/routes.ts';
import passkeyRoutes from './modules/passkeys/routes.ts';
import { RelyingParty } from './modules/passkeys/service.ts';
import passwordResetRoutes from './modules/password-reset/routes.ts';
import permissionRoutes from './modules/permissions/routes.ts';
import preferencesRoutes from './modules/preferences/routes.ts';
import productRoutes from './modules/products/routes.ts';
import resourceRoutes from './modules/resources/routes.ts';
import roleRoutes from './modules/roles/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';
import twoFactorRoutes from './modules/two-factor/routes.ts';
import userRoutes from './modules/users/routes.ts';
import webhookRoutes from './modules/webhooks/routes.ts';
import { installAccessControl } from './plugins/auth.ts';
import controlCharacters from './plugins/control-characters.ts';
import counters from './plugins/counters.ts';
import deviceCookie from './plugins/device-cookie.ts';
import errors, { answerFrameworkError, writeClientError } from './plugins/errors.ts';
import metrics from './plugins/metrics.ts';
import securityHeaders from './plugins/security-headers.ts';
import spa from './plugins/spa.ts';
import swagger from './plugins/swagger.ts';
import services from './services.ts';

export type BuildAppOptions = {
  db: Database;
  /**
   * The database's notifications (`DatabaseHandle.listen`): with them, each request's caller
   * is cached until a change is announced; without, it is read on every request.
   */
  listen?: Listen;
  config?: Partial<AppConfig>;
  /** Fastify logger options (pino); false silences the log. */
  logger?: FastifyServerOptions['logger'];
  /** A counter store for sign-in limits; defaults to Redis when configured, else memory. */
  rateLimitStore?: CounterStore;
  /** The database's connections and failed statements (`DatabaseHandle.usage`), for the metrics. */
  databaseUsage?: DatabaseUsage;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** An incoming X-Request-Id is kept when it is a short plain token, so logs can be joined across hops. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Node looks for requests past their receive deadline only every `connectionsCheckingInterval`
 * (30 s by default, as long as the default deadline): checked every tenth of the deadline,
 * between 0.1 and 1 s, a slow request is cut within about that much of it. The headers' own
 * limit (Node's default 60 s) is kept within the same deadline.
 */
function receiveChecks(timeoutMs: number) {
  if (timeoutMs === 0) return {};
  return {
    connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(timeoutMs / 10))),
    headersTimeout: Math.min(60_000, timeoutMs),
  };
}

/** A URL's host part for an address: a wildcard is this machine, reached as localhost. */
function urlHost(address: string, ipv6 = address.includes(':')): string {
  if (address === '0.0.0.0' || address === '::') return 'localhost';
  return ipv6 ? `[${address}]` : address;
}

/** Marks a parsed query string that had more parameters than §9 allows (qs drops the rest). */
const OVER_PARAMETER_LIMIT = Symbol('over the parameter limit');

export function parseQuery(str: string): Record<string, unknown> {
  const parsed = qs.parse(str, { ...QUERY_LIMITS });
  if (str.split('&').length > QUERY_LIMITS.parameterLimit)
    Object.defineProperty(parsed, OVER_PARAMETER_LIMIT, { value: true });
  return parsed;
}

/**
 * A query string over the parameter limit is refused, not read in part: qs keeps the first
 * 1,000 parameters and drops the rest without a word.
 */
async function refuseOverLimitQuery(request: FastifyRequest) {
  if ((request.query as Record<symbol, unknown> | undefined)?.[OVER_PARAMETER_LIMIT])
    throw validationFailed({
      querystring: m('request.tooManyParameters', { maximum: QUERY_LIMITS.parameterLimit }),
    });
}

/**
 * Builds the server. The access check goes in first, synchronously, so every route meets
 * it. Plugins then register in a fixed order: headers and errors so they cover everything,
 * the counters, the metrics (their meters go to the services), the services (`app.services`, where every route finds its own), the OpenAPI
 * collector, the API modules, and last the SPA with the not-found handler. The instance is
 * returned unstarted; `listen()` or `inject()` make it ready, and tests may add routes
 * before that.
 */
export function buildApp(options: BuildAppOptions) {
  const config = defaultConfig(options.config);
  // The server speaks every message: English beyond the way in's part (the console's, the
  // areas', its own pages' and mail's), and Chinese as well; loaded once, with the server.
  addCatalogue('en', EN);
  addCatalogue('zh', ZH);
  const app = Fastify({
    logger: withSafeSerializers(options.logger, config.logLevel),
    genReqId,
    bodyLimit: BODY_LIMIT_BYTES,
    // Receiving a request (headers and body) has GATEHOUSE_REQUEST_BODY_TIMEOUT_MS, so a
    // body sent a byte at a time does not hold a connection for minutes; handling it has the
    // spec's five minutes. The idle socket timeout sits above both so it never cuts a request
    // short. Node compares the receive deadline at each connection check: see receiveChecks.
    requestTimeout: config.requestBodyTimeoutMs,
    http: receiveChecks(config.requestBodyTimeoutMs),
    handlerTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS + 30_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQuery },
    // A request line or headers over Node's limit get the API's error shape, not a bare 431.
    clientErrorHandler: writeClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // The guards ask the services' session resolver, which exists by the time a request arrives.
  installAccessControl(app, async (authorization, { acceptsAccessToken, allowIdleSession }) => {
    const session = await app.services.sessions.resolve(authorization, { allowIdle: allowIdleSession });
    if (session) return session;
    // A personal access token or a service account's client-credentials token.
    const machine = await app.services.machineAccess.resolve(authorization);
    if (machine || !acceptsAccessToken) return machine;
    return app.services.oidc.accessTokenCaller(authorization);
  });
  app.addHook('onRequest', refuseOverLimitQuery);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body means "no body" (the body-less login), not a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.register(securityHeaders);
  // The services exist by the time an outage asks whether the database is back.
  app.register(errors, { databaseAnswers: () => app.services.health.databaseAnswers() });
  app.register(controlCharacters);
  // Embedding without a key (tests): a key for this process only, so nothing sealed outlives it.
  const serverKey = config.secretKey ?? generateSecretKey();
  app.register(deviceCookie, { serverKey });
  app.register(counters, {
    redisUrl: config.redisUrl,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
  });
  // The sources are read at each scrape, by when the services exist.
  app.register(metrics, {
    port: config.metricsPort,
    host: config.host,
    sources: {
      ...(options.databaseUsage ? { database: options.databaseUsage } : {}),
      callerCache: () => app.services.sessions.cache.lookups,
      clientCache: () => app.services.oidc.clients.lookups,
      pageAnchors: () => pageAnchorLookups(app.services.db),
      jobQueues: () => app.services.jobs.backlog(),
    },
  });
  // With SMTP_URL, reset links go by email; without it, to the log.
  const mailer = config.smtpUrl ? new Mailer(config.smtpUrl, config.mailFrom) : null;
  if (config.production && !config.publicUrl)
    app.log.warn(
      'GATEHOUSE_PUBLIC_URL is not set: password reset links are refused (503) until it is, as production never builds links on the address a request names',
    );
  app.register(services, {
    db: options.db,
    limits: { login: config.loginRateLimit, forget: config.forgetRateLimit },
    ...(options.listen ? { listen: options.listen } : {}),
    mailer,
    links: {
      publicUrl: config.publicUrl,
      production: config.production,
      ownOrigin: `http://${urlHost(config.host)}:${config.port}`,
    },
    sessionIdleSeconds: config.sessionIdleSeconds,
    webhooks: {
      serverKey,
      allowHttp: config.webhookAllowHttp,
      allowPrivate: config.webhookAllowPrivate,
      timeoutMs: config.webhookTimeoutMs,
      retryDelaysMs: config.webhookRetryDelaysMs,
      concurrency: config.webhookConcurrency,
    },
    relyingParty: new RelyingParty(config.passkeyOrigin ?? config.publicUrl, config.port),
    oidc: {
      issuer: config.issuer,
      serverKey,
      proxy: config.trustProxy !== false,
      tokenLifetimes: config.tokenLifetimes,
    },
  });
  app.register(swagger);

  app.register(healthRoutes, { version: versionInfo(config.commit) });
  app.register(authRoutes);
  app.register(twoFactorRoutes);
  app.register(passkeyRoutes);
  app.register(passwordResetRoutes);
  app.register(accountRoutes);
  app.register(menuRoutes);
  app.register(samlRoutes);
  app.register(applicationRoutes);
  app.register(configTransferRoutes);
  app.register(dataAccessRoutes);
  app.register(permissionRoutes);
  app.register(resourceRoutes);
  app.register(clientRoutes);
  app.register(machineAccessRoutes);
  app.register(productRoutes);
  app.register(aclRoutes);
  app.register(appApiRoutes);
  app.register(pageRoutes);
  app.register(objectRoutes);
  app.register(dictionaryRoutes);
  app.register(userRoutes);
  app.register(groupRoutes);
  app.register(roleRoutes);
  app.register(organizationRoutes);
  app.register(oidcRoutes);
  app.register(settingsRoutes);
  app.register(preferencesRoutes);
  app.register(auditRoutes);
  app.register(webhookRoutes);
  app.register(federationRoutes);
  app.register(identityProviderRoutes);
  app.register(oidcFederationRoutes);
  // Expired OIDC artefacts are deleted at start and then periodically; stopped on close.
  app.addHook('onReady', async function purgeOidc() {
    this.services.oidc.startPurging(config.oidcPurgeIntervalMs, (err) =>
      this.log.warn({ err }, 'Deleting the expired OIDC artefacts failed'),
    );
  });
  // The audit sealer's rounds and the daily purge check; stopped on close.
  app.addHook('onReady', async function startAuditJobs() {
    this.services.auditJobs.start(
      { sealIntervalMs: config.auditSealIntervalMs, purgeIntervalMs: config.auditPurgeCheckIntervalMs },
      (err) => this.log.warn({ err }, 'An audit trail job (sealing or purging) failed'),
    );
  });
  // The job queue (webhooks, emails) runs once the server is ready.
  app.addHook('onReady', async function startJobs() {
    // LDAP directories with a sync interval and no sync job yet get one (a save schedules it too).
    // Not awaited: a database away at the start delays nothing, and is the requests' to report.
    void this.services.ldapSync.ensureScheduled().catch((err) => {
      if (!isDatabaseUnavailable(err)) this.log.warn({ err }, 'Scheduling the LDAP syncs failed');
    });
    this.services.jobs.start(config.jobPollIntervalMs);
  });
  app.addHook('onClose', async (instance) => {
    // The jobs under way finish (a delivery within its timeout) before the database closes.
    await instance.services.jobs.stop();
    await instance.services.auditJobs.stop();
    await instance.services.oidc.stopPurging();
    // Links still being issued finish before the database closes.
    await instance.services.passwordReset.settled();
    await mailer?.close();
  });
  // Without GATEHOUSE_ISSUER the issuer is this server's own address, known once it listens;
  // so is the origin of development's emailed links without GATEHOUSE_PUBLIC_URL.
  app.addHook('onListen', function learnOwnAddress() {
    const address = this.server.address();
    if (address === null || typeof address === 'string') return;
    const origin = `http://${urlHost(address.address, address.family === 'IPv6')}:${address.port}`;
    this.services.oidc.setDefaultIssuer(`${origin}/oidc`);
    this.services.passwordReset.setListeningOrigin(origin);
    this.services.federation.setListeningOrigin(origin);
    this.services.passkeys.relyingParty.setListeningPort(address.port);
  });

  app.register(spa, { webDir: webDirExists(config) ? config.webDir : undefined });
  return app;
}

export type App = ReturnType<typeof buildApp>;
