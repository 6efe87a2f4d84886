import type { Action } from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { AuditContext } from '../lib/audit.ts';
import { forbidden, passwordChangeRequired, unauthenticated } from '../lib/errors.ts';
import type { AuthState, RequestMeta } from '../lib/sessions.ts';

/**
 * Who may call a route. Every /api route states one in `config.access`; the hook below
 * refuses to start the server otherwise, so an endpoint cannot be left open by omission.
 */
export type RouteAccess = 'public' | 'authenticated' | { permissionId: string; action: Action };

export type RegisteredRoute = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reachable while the user still has to replace a generated password. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the deny-by-default test. */
    routeAccess: RegisteredRoute[];
  }
}

/** Swagger UI's own routes: the API description is public reading. */
const DOCS_PREFIX = '/api/docs';

/** How the guards learn who calls: the live session an `Authorization` header names, or null. */
export type FindCaller = (authorization: string | undefined) => Promise<AuthState | null>;

/**
 * The onRequest check for `access`: none for a public route; otherwise a live session, a
 * replaced first password (unless the route allows it) and, where named, the permission.
 */
function guardFor(access: RouteAccess, findCaller: FindCaller): onRequestAsyncHookHandler | undefined {
  if (access === 'public') return undefined;
  return async function guard(request) {
    const auth = await findCaller(request.headers.authorization);
    if (!auth) throw unauthenticated();
    request.auth = auth;
    if (auth.user.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
      throw passwordChangeRequired();
    }
    if (access !== 'authenticated' && !auth.permissions.get(access.permissionId)?.has(access.action)) {
      throw forbidden();
    }
  };
}

function isApiRoute(url: string) {
  return url === '/api' || url.startsWith('/api/');
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Who makes this request, for the audit record of a change it makes. */
export function auditContext(request: FastifyRequest): AuditContext {
  const user = request.auth?.user;
  return {
    actorId: user?.userId ?? null,
    actorName: user?.username ?? null,
    ip: request.ip ?? null,
    requestId: request.id,
  };
}

/** The audit context and the client's user agent, which a new session records. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ...auditContext(request), userAgent: request.headers['user-agent'] ?? null };
}

/**
 * Installs the access check on `app` at once, not as a deferred plugin: a route added to
 * the root instance right after creation must meet the hook too, or it would go unguarded.
 * Call it before registering any route.
 */
export function installAccessControl(app: FastifyInstance, findCaller: FindCaller): void {
  app.decorateRequest('auth', null);
  app.decorate('routeAccess', [] as RegisteredRoute[]);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    route.config ??= {};
    const config = route.config;
    if (config.access === undefined && route.url.startsWith(DOCS_PREFIX)) config.access = 'public';
    const access = config.access;
    if (access === undefined) {
      throw new Error(`${route.method} ${route.url} declares no config.access; every /api route must.`);
    }
    for (const method of toArray(route.method)) app.routeAccess.push({ method, url: route.url, access });
    const guard = guardFor(access, findCaller);
    // onRequest runs before the body is parsed and validated: an unauthenticated caller
    // gets 401, never a 400 that describes the endpoint's schema.
    if (guard) route.onRequest = [guard, ...toArray(route.onRequest)];
  });
}
