import type { Action } from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { AppScope } from './app-scope.ts';
import type { AuditContext } from './audit.ts';
import type { AuthState, RequestMeta } from './auth-state.ts';

/**
 * What a route states about who may call it, and what a guarded request carries once the
 * access check (plugins/auth.ts) has let it in: its caller and the applications the checked
 * grant reaches. Handlers read them through the helpers below.
 */

/** One action on one platform permission (a dotted area id such as `app-config.client`). */
export type Grant = { permissionId: string; action: Action };

/**
 * Who may call a route. Every /api route states one in `config.access`; the hook below
 * refuses to start the server otherwise, so an endpoint cannot be left open by omission.
 * `authenticated` is for the caller's own things (menus, current user, sign-out, own
 * password); every other route names the grant it needs, or `anyOf` several that each do.
 */
export type RouteAccess = 'public' | 'authenticated' | Grant | { anyOf: Grant[] };

export type RegisteredRoute = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reachable while the user still has to replace a generated or expired password. */
    allowPendingPasswordChange?: boolean;
    /**
     * Reachable while a role the user holds requires two-factor sign-in they have not set up:
     * the set-up itself, and what the console needs around it (user info, sign-out, preferences).
     */
    allowPendingTwoFactorEnrolment?: boolean;
    /**
     * The handler narrows its answer to the caller's applications (the application list,
     * whose `applicationId` is a search filter), or checks the named one itself (the resource
     * trees), so a named application is not checked here.
     */
    filtersByScope?: boolean;
    /**
     * Also admits an OIDC access token issued to an application's client (the §3 menus
     * call of a relying party); `request.auth.oauthApplicationId` then names that application.
     */
    acceptsAccessToken?: boolean;
    /**
     * Also admits a session past its idle timeout: the lock's unlock, which asks for the
     * password again, and sign-out. Every other route answers 401 to an idle session.
     */
    allowIdleSession?: boolean;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** The applications the checked grant reaches; null on public and `authenticated` routes. */
    appScope: AppScope | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the deny-by-default test. */
    routeAccess: RegisteredRoute[];
  }
}

/** The grants a route accepts, any one of which lets the caller in; none for the open kinds. */
export function grantsOf(access: RouteAccess): Grant[] {
  if (access === 'public' || access === 'authenticated') return [];
  return 'anyOf' in access ? access.anyOf : [access];
}

/** The scope a guarded route's handler passes to its service. */
export function appScope(request: FastifyRequest): AppScope {
  if (request.appScope === null) throw new Error('appScope read on a route that checks no grant');
  return request.appScope;
}

/** Who makes this request, for the audit record of a change it makes. */
export function auditContext(request: FastifyRequest): AuditContext {
  const user = request.auth?.user;
  const machine = request.auth?.machine;
  return {
    actorId: user?.userId ?? null,
    actorName: user?.username ?? null,
    ip: request.ip ?? null,
    requestId: request.id,
    ...(machine?.kind === 'personal-access-token'
      ? { via: `pat:${machine.tokenId}`, limitedTo: machine.scope }
      : machine?.kind === 'service-account'
        ? { via: `client:${machine.clientId}` }
        : {}),
  };
}

/** The audit context and the client's user agent, which a new session records. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ...auditContext(request), userAgent: request.headers['user-agent'] ?? null };
}
