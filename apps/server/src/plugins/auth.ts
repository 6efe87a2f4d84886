import { MACHINE_ACCESS_MESSAGES } from '@gatehouse/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { type AppScope, assertInScope, unionScopes } from '../lib/app-scope.ts';
import { type AuthState, scopeOf } from '../lib/auth-state.ts';
import {
  forbidden,
  passwordChangeRequired,
  passwordExpired,
  sessionRequired,
  twoFactorEnrolmentRequired,
  unauthenticatedFor,
} from '../lib/errors.ts';
import { type Grant, grantsOf, type RegisteredRoute, type RouteAccess } from '../lib/request-context.ts';

/** Swagger UI's own routes: the API description is public reading. */
const DOCS_PREFIX = '/api/docs';

/** How the guards learn who calls: the live session an `Authorization` header names, or null. */
export type FindCaller = (
  authorization: string | undefined,
  options: { acceptsAccessToken: boolean; allowIdleSession: boolean },
) => Promise<AuthState | null>;

/** The applications the caller reaches through any of `grants`; null when none is held. */
function scopeThrough(auth: AuthState, grants: Grant[]): AppScope | null {
  let scope: AppScope | null = null;
  for (const grant of grants) {
    const granted = scopeOf(auth, grant.permissionId, grant.action);
    if (granted !== null) scope = unionScopes(scope, granted);
  }
  return scope;
}

/**
 * The onRequest check for `access`: none for a public route; otherwise a live session, a
 * replaced first password (unless the route allows it) and, where named, a grant. The
 * caller is resolved here once per request; the handler reads it from `request.auth`.
 */
function guardFor(access: RouteAccess, findCaller: FindCaller): onRequestAsyncHookHandler | undefined {
  if (access === 'public') return undefined;
  const grants = grantsOf(access);
  return async function guard(request) {
    const auth = await findCaller(request.headers.authorization, {
      acceptsAccessToken: request.routeOptions.config.acceptsAccessToken === true,
      allowIdleSession: request.routeOptions.config.allowIdleSession === true,
    });
    if (!auth) throw unauthenticatedFor(request.headers.authorization);
    // A personal access token or a service account reaches only what a grant guards: never
    // the caller's own account (password, 2FA, tokens, sessions), which asks for a session.
    if (auth.machine && grants.length === 0) throw sessionRequired(MACHINE_ACCESS_MESSAGES.machineCaller);
    request.auth = auth;
    if (!request.routeOptions.config.allowPendingPasswordChange) {
      if (auth.user.mustChangePassword) throw passwordChangeRequired();
      if (auth.passwordExpired) throw passwordExpired();
    }
    if (auth.twoFactorEnrolmentRequired && !request.routeOptions.config.allowPendingTwoFactorEnrolment)
      throw twoFactorEnrolmentRequired();
    if (access === 'authenticated') return;
    const scope = scopeThrough(auth, grants);
    if (scope === null) throw forbidden();
    request.appScope = scope;
  };
}

/** Every `applicationId` the validated request names: in the path, the body or the query. */
function namedApplications(request: FastifyRequest): string[] {
  const named: string[] = [];
  for (const part of [request.params, request.body, request.query]) {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) continue;
    const value = (part as { applicationId?: unknown }).applicationId;
    if (typeof value === 'string') named.push(value);
  }
  return named;
}

/**
 * Delegated administration, for every route that checks a grant: an application the
 * request names must lie in the grant's scope. It runs after validation, so it reads the
 * parsed request. A route addressing a record by its key alone passes `request.appScope`
 * to its service, which checks the record's application the same way (`assertInScope`).
 */
const namedApplicationInScope: preHandlerAsyncHookHandler = async function namedApplicationInScope(request) {
  if (request.routeOptions.config.filtersByScope) return;
  for (const applicationId of namedApplications(request)) assertInScope(request.appScope!, applicationId);
};

function isApiRoute(url: string) {
  return url === '/api' || url.startsWith('/api/');
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Installs the access check on `app` at once, not as a deferred plugin: a route added to
 * the root instance right after creation must meet the hook too, or it would go unguarded.
 * Call it before registering any route.
 */
export function installAccessControl(app: FastifyInstance, findCaller: FindCaller): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('appScope', null);
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
    if (typeof access === 'object' && 'anyOf' in access && access.anyOf.length === 0) {
      throw new Error(`${route.method} ${route.url} accepts anyOf no grant; name at least one.`);
    }
    for (const method of toArray(route.method)) app.routeAccess.push({ method, url: route.url, access });
    const guard = guardFor(access, findCaller);
    // onRequest runs before the body is parsed and validated: an unauthenticated caller
    // gets 401, never a 400 that describes the endpoint's schema.
    if (guard) route.onRequest = [guard, ...toArray(route.onRequest)];
    if (grantsOf(access).length > 0)
      route.preHandler = [namedApplicationInScope, ...toArray(route.preHandler)];
  });
}
