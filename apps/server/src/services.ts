import { PASSKEY_SIGN_IN_STARTS } from '@gatehouse/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LoginRateLimit, RequestRateLimit } from './config.ts';
import type { Database, Listen, Transaction } from './db/client.ts';
import type { RequestMeta } from './lib/auth-state.ts';
import { AUTH_CHANNEL } from './lib/caller-cache.ts';
import { isDatabaseUnavailable } from './lib/db-errors.ts';
import { JobRunner } from './lib/jobs.ts';
import { MAIL_QUEUE, type Mailer, mailHandler } from './lib/mailer.ts';
import type { Meters } from './lib/metrics.ts';
import { grantsOf, type RegisteredRoute } from './lib/request-context.ts';
import { AccessService } from './modules/access/service.ts';
import { AccountService } from './modules/account/service.ts';
import { AclService } from './modules/acl/service.ts';
import { AppApiService } from './modules/app-apis/service.ts';
import { ApplicationService } from './modules/applications/service.ts';
import { AuditJobs, AuditService } from './modules/audit/service.ts';
import { LoginLimiter, RequestLimiter } from './modules/auth/limiters.ts';
import { AuthService } from './modules/auth/service.ts';
import { ClientService } from './modules/clients/service.ts';
import { InstanceTransferService } from './modules/config-transfer/instance.ts';
import { ConfigTransferService } from './modules/config-transfer/service.ts';
import { DataAccessService } from './modules/data-access/service.ts';
import { DictionaryItemService, DictionaryService } from './modules/dictionaries/service.ts';
import { FederationAdminService } from './modules/federation/identities.ts';
import { testLdap } from './modules/federation/ldap.ts';
import { type FederationCore, LdapPasswordDirectory } from './modules/federation/ldap-sign-in.ts';
import { LdapSync } from './modules/federation/ldap-sync.ts';
import { testOidc } from './modules/federation/oidc.ts';
import { testSaml } from './modules/federation/saml.ts';
import { IdentityProviderService } from './modules/federation/service.ts';
import { FederatedSignIn } from './modules/federation/sign-in.ts';
import type { ProviderRecord, UpstreamIdentity } from './modules/federation/types.ts';
import { applyMapping } from './modules/federation/users.ts';
import { GroupService } from './modules/groups/service.ts';
import { HealthService } from './modules/health/service.ts';
import { MachineAccessService } from './modules/machine-access/service.ts';
import { MenuService } from './modules/menus/service.ts';
import { DataObjectService, DataSetService } from './modules/objects/service.ts';
import { BackchannelLogouts } from './modules/oidc/backchannel-logout.ts';
import { type OidcOptions, OidcService } from './modules/oidc/service.ts';
import { OrganizationService } from './modules/organizations/service.ts';
import { AppPageService } from './modules/pages/service.ts';
import { PasskeyService, type RelyingParty } from './modules/passkeys/service.ts';
import {
  type LinkOrigins,
  type PasswordResetDeps,
  PasswordResetService,
} from './modules/password-reset/service.ts';
import { PermissionService } from './modules/permissions/service.ts';
import { PreferencesService } from './modules/preferences/service.ts';
import { ProductService } from './modules/products/service.ts';
import { ResourceService } from './modules/resources/service.ts';
import { RoleService } from './modules/roles/service.ts';
import { SessionResolver } from './modules/sessions/resolver.ts';
import { SettingsService } from './modules/settings/service.ts';
import { TwoFactorService } from './modules/two-factor/service.ts';
import { UserService } from './modules/users/service.ts';
import { type DeliverySettings, WebhookDeliveries } from './modules/webhooks/deliveries.ts';
import { WebhookService } from './modules/webhooks/service.ts';
import { consolePermissionIds } from './platform/seed.ts';

export type ServiceDeps = {
  loginLimiter: LoginLimiter;
  /** /forget's budgets, the mailer (null without SMTP_URL) and the log the links go to without one. */
  passwordReset: PasswordResetDeps;
  /** The platform's permission ids: what a platform grant may name, and what the Administrator holds. */
  platformPermissionIds: () => ReadonlySet<string>;
  oidc: OidcOptions;
  /** The configured idle timeout of sessions; undefined follows the console's lock time. */
  sessionIdleSeconds: number | undefined;
  /** What sign-ins and token requests count in the metrics (`NO_METERS` with them off). */
  meters: Meters;
  /** Webhook delivery: the SSRF settings, the server key that seals their secrets, and test overrides. */
  webhooks: DeliverySettings;
  /** Where a failed job is reported. */
  onJobError: (err: unknown, job?: { queue: string; id: number }) => void;
  /** The server's log: an LDAP directory that could not be asked, a sync's outcome. */
  log: FastifyBaseLogger;
  /** Where passkeys are registered and used (GATEHOUSE_PASSKEY_ORIGIN, GATEHOUSE_PUBLIC_URL or localhost). */
  relyingParty: RelyingParty;
  /** The budget of passkey sign-in starts. */
  passkeyStarts: RequestLimiter;
};

/**
 * Past the console's lock, an idle session keeps serving this long: the lock comes first, and
 * its page still loads on a reload; after it, only the lock's unlock revives the session.
 */
export const IDLE_GRACE_SECONDS = 300;

/** Every service of the API, each made once over one database. Routes take theirs from `app.services`. */
export function createServices(db: Database, deps: ServiceDeps) {
  const settings = new SettingsService(db);
  const sessions = new SessionResolver(
    db,
    async () => (await settings.get()).passwordMaxAgeDays,
    undefined,
    async () => deps.sessionIdleSeconds ?? (await settings.get()).lockSeconds + IDLE_GRACE_SECONDS,
  );
  const twoFactor = new TwoFactorService(db, deps.loginLimiter, deps.oidc.serverKey, deps.meters);
  const passkeys = new PasskeyService(
    db,
    deps.loginLimiter,
    deps.relyingParty,
    deps.meters,
    deps.passkeyStarts,
  );
  const access = new AccessService(db);
  const passwordReset = new PasswordResetService(db, deps.passwordReset);
  const configTransfer = new ConfigTransferService(db, deps.webhooks);
  // The LDAP directories that check the passwords of the accounts they govern, through
  // federation's core (made below: it needs `auth`, and is called only at a sign-in).
  const federationCore: FederationCore = {
    resolveUser: async (provider: ProviderRecord, upstream: UpstreamIdentity, meta: RequestMeta) =>
      (await federation.resolveUser(provider, upstream, meta)).user,
    providerAllowed: (providerId: string, applicationId: string) =>
      federation.providerAllowed(providerId, applicationId),
  };
  const passwordDirectory = new LdapPasswordDirectory({
    db,
    serverKey: deps.oidc.serverKey,
    core: federationCore,
    onUnavailable: (err, providerId) =>
      deps.log.warn({ err, providerId }, 'An LDAP directory could not be asked at a sign-in'),
  });
  const auth = new AuthService(
    db,
    deps.loginLimiter,
    sessions,
    deps.platformPermissionIds,
    twoFactor,
    deps.meters,
    passwordDirectory,
  );
  const federation = new FederatedSignIn({
    db,
    serverKey: deps.oidc.serverKey,
    auth,
    twoFactor,
    publicUrl: deps.passwordReset.links.publicUrl,
    ownOrigin: deps.passwordReset.links.ownOrigin,
  });
  // The job queue and its handlers; app.ts starts it once the server is ready and stops it on close.
  const oidc = new OidcService(
    db,
    sessions,
    deps.loginLimiter,
    deps.oidc,
    twoFactor,
    federation,
    deps.meters,
    passwordDirectory,
    passkeys,
  );
  const jobs = new JobRunner(db, deps.onJobError);
  // Logout tokens go where webhooks may: the same guard, deadline and delays.
  new BackchannelLogouts(() => oidc.provider(), deps.webhooks, deps.log).register(jobs);
  new WebhookDeliveries(db, deps.webhooks, deps.meters).register(jobs);
  jobs.register(MAIL_QUEUE, mailHandler(deps.passwordReset.mailer, deps.passwordReset.log), {
    concurrency: 2,
  });
  const ldapSync = new LdapSync({
    db,
    serverKey: deps.oidc.serverKey,
    core: {
      resolveUser: federationCore.resolveUser,
      applyMapping: (provider, upstream, userId, meta) =>
        applyMapping(db, provider, upstream, userId, meta).then(() => undefined),
    },
    log: deps.log,
  });
  ldapSync.register(jobs);
  const machineAccess = new MachineAccessService(
    db,
    sessions,
    (token) => oidc.clientCredentialsClient(token),
    deps.platformPermissionIds,
  );
  machineAccess.register(jobs);
  return {
    db,
    /**
     * The services whose single-record changes a bulk action makes, over its transaction
     * (lib/bulk.ts): each change then runs in a savepoint of it, under the same rules.
     */
    overTransaction: (tx: Transaction) => {
      const txAccess = new AccessService(tx);
      return {
        clients: new ClientService(tx, deps.webhooks),
        users: new UserService(tx, txAccess, passwordReset),
        groups: new GroupService(tx, txAccess),
        roles: new RoleService(tx, deps.platformPermissionIds, txAccess),
        dictionaries: new DictionaryService(tx),
        acl: new AclService(tx),
        pages: new AppPageService(tx),
        dataObjects: new DataObjectService(tx),
        dataSets: new DataSetService(tx),
        products: new ProductService(tx),
        applications: new ApplicationService(tx),
        appApis: new AppApiService(tx),
        resources: new ResourceService(tx),
      };
    },
    access,
    sessions,
    twoFactor,
    passkeys,
    auth,
    federation,
    ldapSync,
    federationAdmin: new FederationAdminService(db, deps.oidc.serverKey),
    applications: new ApplicationService(db),
    dataAccesses: new DataAccessService(db),
    permissions: new PermissionService(db),
    resources: new ResourceService(db),
    clients: new ClientService(db, deps.webhooks),
    configTransfer,
    instanceTransfer: new InstanceTransferService(db, configTransfer, deps.platformPermissionIds),
    products: new ProductService(db),
    acl: new AclService(db),
    appApis: new AppApiService(db),
    pages: new AppPageService(db),
    dataObjects: new DataObjectService(db),
    dataSets: new DataSetService(db),
    dictionaries: new DictionaryService(db),
    dictionaryItems: new DictionaryItemService(db),
    menus: new MenuService(db),
    users: new UserService(db, access, passwordReset),
    groups: new GroupService(db, access),
    roles: new RoleService(db, deps.platformPermissionIds, access),
    organizations: new OrganizationService(db),
    health: new HealthService(db),
    settings,
    audit: new AuditService(db),
    auditJobs: new AuditJobs(db, async () => (await settings.get()).auditRetentionDays),
    passwordReset,
    jobs,
    webhooks: new WebhookService(db, deps.webhooks.serverKey, deps.webhooks),
    identityProviders: new IdentityProviderService(db, {
      serverKey: deps.oidc.serverKey,
      origin: () => federation.origin(),
      outbound: deps.webhooks,
      // Each protocol's test, as its module lands (ldap.ts still to come).
      testers: { oidc: testOidc, saml: async (provider) => testSaml(provider), ldap: testLdap },
    }),
    account: new AccountService(db, passwordReset),
    preferences: new PreferencesService(db),
    oidc,
    machineAccess,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The platform's permission ids: one per console area (from the navigation) and every id a
 * route checks. Read once the routes are all registered, that is on the first request.
 */
function platformPermissionIds(routes: RegisteredRoute[]): () => ReadonlySet<string> {
  let ids: ReadonlySet<string> | undefined;
  return () => {
    ids ??= new Set([
      ...consolePermissionIds(),
      ...routes.flatMap((r) => grantsOf(r.access).map((g) => g.permissionId)),
    ]);
    return ids;
  };
}

/**
 * Decorates the app with its services; registered after the counters they use, before the
 * routes. With `listen`, the session resolver keeps callers, and the OpenID Provider the clients
 * it read, between requests; each cache is emptied on each change the database announces to
 * what it holds, and a change this instance made empties both before the answer goes out, so
 * the caller's next request sees it even before the notice arrives.
 */
async function services(
  app: FastifyInstance,
  opts: {
    db: Database;
    limits: { login: LoginRateLimit; forget: RequestRateLimit };
    oidc: OidcOptions;
    mailer: Mailer | null;
    links: LinkOrigins;
    listen?: Listen;
    sessionIdleSeconds: number | undefined;
    webhooks: DeliverySettings;
    relyingParty: RelyingParty;
  },
) {
  app.decorate(
    'services',
    createServices(opts.db, {
      loginLimiter: new LoginLimiter(app.counters, opts.limits.login),
      passwordReset: {
        limiter: new RequestLimiter(app.counters, 'forget', opts.limits.forget),
        mailer: opts.mailer,
        log: app.log,
        links: opts.links,
      },
      platformPermissionIds: platformPermissionIds(app.routeAccess),
      oidc: opts.oidc,
      sessionIdleSeconds: opts.sessionIdleSeconds,
      meters: app.meters,
      webhooks: opts.webhooks,
      // A database away is the requests' to report (once, plugins/errors.ts); the queue
      // just tries again at its next poll.
      onJobError: (err, job) => {
        if (!isDatabaseUnavailable(err)) app.log.warn({ err, job }, 'A job failed');
      },
      log: app.log,
      relyingParty: opts.relyingParty,
      passkeyStarts: new RequestLimiter(app.counters, 'passkey-start', PASSKEY_SIGN_IN_STARTS),
    }),
  );
  if (!opts.listen) return;
  const cache = app.services.sessions.cache;
  const clients = app.services.oidc.clients;
  const subscription = await opts.listen(AUTH_CHANNEL, {
    onNotify: (table) => {
      cache.invalidate();
      if (CLIENT_TABLES.has(table)) clients.invalidate();
    },
    onState: (live) => {
      cache.setLive(live);
      clients.setLive(live);
    },
  });
  app.addHook('onClose', async () => subscription.close());
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.auth !== null && !READS.has(request.method)) {
      cache.invalidate();
      clients.invalidate();
    }
    return payload;
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The tables whose changes (migration 0028) empty the OIDC client cache. */
const CLIENT_TABLES = new Set(['application_clients', 'applications', 'client_secrets']);

export default fp(services, { name: 'services', dependencies: ['counters', 'metrics'] });
