import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './db/client.ts';
import { SessionResolver } from './lib/sessions.ts';
import { ApplicationService } from './modules/applications/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { ClientService } from './modules/clients/service.ts';
import { DataAccessService } from './modules/data-access/service.ts';
import { GroupService } from './modules/groups/service.ts';
import { HealthService } from './modules/health/service.ts';
import { MenuService } from './modules/menus/service.ts';
import { OidcService, type OidcOptions } from './modules/oidc/service.ts';
import { OrganizationService } from './modules/organizations/service.ts';
import { PermissionService } from './modules/permissions/service.ts';
import { ResourceService } from './modules/resources/service.ts';
import { RoleService } from './modules/roles/service.ts';
import { UserService } from './modules/users/service.ts';
import { consolePermissionIds } from './platform/seed.ts';
import { grantsOf, type RegisteredRoute } from './plugins/auth.ts';
import type { LoginLimiter } from './plugins/rate-limit.ts';

export type ServiceDeps = {
  loginLimiter: LoginLimiter;
  /** The platform's permission ids: what a platform grant may name, and what the Administrator holds. */
  platformPermissionIds: () => ReadonlySet<string>;
  oidc: OidcOptions;
};

/** Every service of the API, each made once over one database. Routes take theirs from `app.services`. */
export function createServices(db: Database, deps: ServiceDeps) {
  const sessions = new SessionResolver(db);
  return {
    sessions,
    auth: new AuthService(db, deps.loginLimiter, sessions, deps.platformPermissionIds),
    applications: new ApplicationService(db),
    dataAccesses: new DataAccessService(db),
    permissions: new PermissionService(db),
    resources: new ResourceService(db),
    clients: new ClientService(db),
    menus: new MenuService(db),
    users: new UserService(db),
    groups: new GroupService(db),
    roles: new RoleService(db, deps.platformPermissionIds),
    organizations: new OrganizationService(db),
    health: new HealthService(db),
    oidc: new OidcService(db, sessions, deps.loginLimiter, deps.oidc),
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

/** Decorates the app with its services; registered after the counters they use, before the routes. */
async function services(app: FastifyInstance, opts: { db: Database; oidc: OidcOptions }) {
  app.decorate(
    'services',
    createServices(opts.db, {
      loginLimiter: app.loginLimiter,
      platformPermissionIds: platformPermissionIds(app.routeAccess),
      oidc: opts.oidc,
    }),
  );
}

export default fp(services, { name: 'services', dependencies: ['rate-limit'] });
