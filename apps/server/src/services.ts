import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './db/client.ts';
import { SessionResolver } from './lib/sessions.ts';
import { ApplicationService } from './modules/applications/service.ts';
import { AuthService } from './modules/auth/service.ts';
import { ClientService } from './modules/clients/service.ts';
import { DataAccessService } from './modules/data-access/service.ts';
import { HealthService } from './modules/health/service.ts';
import { MenuService } from './modules/menus/service.ts';
import { PermissionService } from './modules/permissions/service.ts';
import { ResourceService } from './modules/resources/service.ts';
import type { LoginLimiter } from './plugins/rate-limit.ts';

export type ServiceDeps = { loginLimiter: LoginLimiter };

/** Every service of the API, each made once over one database. Routes take theirs from `app.services`. */
export function createServices(db: Database, deps: ServiceDeps) {
  const sessions = new SessionResolver(db);
  return {
    sessions,
    auth: new AuthService(db, deps.loginLimiter, sessions),
    applications: new ApplicationService(db),
    dataAccesses: new DataAccessService(db),
    permissions: new PermissionService(db),
    resources: new ResourceService(db),
    clients: new ClientService(db),
    menus: new MenuService(db),
    health: new HealthService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Decorates the app with its services; registered after the counters they use, before the routes. */
async function services(app: FastifyInstance, opts: { db: Database }) {
  app.decorate('services', createServices(opts.db, { loginLimiter: app.loginLimiter }));
}

export default fp(services, { name: 'services', dependencies: ['rate-limit'] });
