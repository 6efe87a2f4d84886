import { randomBytes } from 'node:crypto';
import {
  FEDERATION_API,
  FEDERATION_ERROR_PARAM,
  FEDERATION_FLOW_SECONDS,
  FEDERATION_HANDOFF_PARAM,
  FEDERATION_MESSAGES,
  type IdentityProviderType,
  type MessageKey,
  PLATFORM_APP_ID,
  REDIRECT_PROVIDER_TYPES,
  type SignInProvider,
  type UserInfo,
} from '@gatehouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { isActive } from '../access/repository.ts';
import type { AuthService } from '../auth/service.ts';
import { auditFailedSignIn } from '../auth/sign-in-events.ts';
import { findUsableClient } from '../oidc/repository.ts';
import type { TwoFactorService } from '../two-factor/service.ts';
import { loadProvider, toProviderRecord } from './providers.ts';
import * as repo from './repository.ts';
import type { Flow, FlowTarget, ProviderRecord, RedirectProtocol, UpstreamIdentity } from './types.ts';
import { FederationRefusal, mfaSatisfied, type ResolvedUser, resolveFederatedUser } from './users.ts';

/** The cookie that binds a flow to the browser that started it: a random secret, its hash on the flow. */
export const FEDERATION_COOKIE = 'gatehouse_federation';
/** The start, the OIDC callback, the exchange and the interaction login all lie below this path. */
const COOKIE_PATH = '/api/oauth2-server';

/** The browser's secret from its federation cookie, if it has one. */
export function browserSecretOf(request: FastifyRequest): string | undefined {
  return request.cookies?.[FEDERATION_COOKIE];
}

/** Where the browser goes when a federated sign-in fails, with the reason's message key. */
export class FederationFailure extends Error {
  constructor(readonly redirectTo: string) {
    super('The federated sign-in failed');
  }
}

export type FederationDeps = {
  db: Database;
  serverKey: Buffer;
  auth: Pick<AuthService, 'startSession'>;
  twoFactor: Pick<TwoFactorService, 'required' | 'challengeFor'>;
  /** GATEHOUSE_PUBLIC_URL; else the listening address, set once the server listens. */
  publicUrl: string | undefined;
  ownOrigin: string;
};

/** What the console's exchange answers: a session, or the challenge of the second factor. */
export type ExchangeAnswer = { token: string; userInfo: UserInfo } | { challenge: string; expiresIn: number };

const isRedirectType = (type: IdentityProviderType): type is SignInProvider['type'] =>
  (REDIRECT_PROVIDER_TYPES as readonly string[]).includes(type);

function withParams(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) query.set(k, v);
  return `${path}?${query.toString()}`;
}

/** Only a same-origin path is followed after a sign-in, as /login's own `redirect`. */
export function safePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value.slice(0, 2000);
}

/**
 * Sign-in through an identity provider, from the browser's start to the console session or
 * the /oauth interaction it ends in. The protocols (OIDC, SAML) only talk to the upstream;
 * the flow, the user it resolves to, and Gatehouse's own rules (a disabled user, the second
 * factor, an application's allowed providers) are here.
 */
export class FederatedSignIn {
  private readonly protocols = new Map<IdentityProviderType, RedirectProtocol>();
  private listeningOrigin: string;
  private purgedAt = 0;

  constructor(private readonly deps: FederationDeps) {
    this.listeningOrigin = deps.ownOrigin;
  }

  registerProtocol(type: IdentityProviderType, protocol: RedirectProtocol): void {
    this.protocols.set(type, protocol);
  }

  setListeningOrigin(origin: string): void {
    this.listeningOrigin = origin;
  }

  /** The origin of the URLs an upstream sends the browser back to, and of the SP metadata. */
  origin(): string {
    return this.deps.publicUrl ?? this.listeningOrigin;
  }

  async provider(providerId: string): Promise<ProviderRecord | undefined> {
    return loadProvider(this.deps.db, this.deps.serverKey, providerId);
  }

  /** Whether an application lets its users sign in through a provider: every one unless it names some. */
  async providerAllowed(providerId: string, applicationId: string): Promise<boolean> {
    const limit = await repo.applicationLimit(this.deps.db, applicationId);
    return limit === undefined || limit.includes(providerId);
  }

  /** The buttons of a sign-in page: the console's (no client), or those of an /oauth interaction's client. */
  async signInProviders(clientId?: string): Promise<SignInProvider[]> {
    let applicationId = PLATFORM_APP_ID;
    if (clientId) {
      const client = await findUsableClient(this.deps.db, clientId);
      if (!client) return [];
      applicationId = client.applicationId;
    }
    const limit = await repo.applicationLimit(this.deps.db, applicationId);
    const rows = await repo.enabledProviders(this.deps.db, REDIRECT_PROVIDER_TYPES);
    return rows
      .filter((row) => limit === undefined || limit.includes(row.providerId))
      .flatMap((row) =>
        isRedirectType(row.type) ? [{ providerId: row.providerId, name: row.name, type: row.type }] : [],
      );
  }

  /** The enabled default SAML provider, for /saml2/authenticate/consumer. */
  async defaultProviderId(): Promise<string | undefined> {
    const row = await repo.defaultProvider(this.deps.db);
    return row?.enabled ? row.providerId : undefined;
  }

  /**
   * Starts a sign-in: checks the provider may be used for the target, binds the flow to this
   * browser (its cookie), and returns the upstream URL to send the browser to.
   */
  async begin(
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    target: FlowTarget,
  ): Promise<string> {
    const row = await repo.findProvider(this.deps.db, providerId);
    const pseudoFlow = { target } as Pick<Flow, 'target'>;
    if (!row?.enabled)
      throw new FederationFailure(this.failure(pseudoFlow, FEDERATION_MESSAGES.disabledProvider.key));
    const protocol = this.protocols.get(row.type);
    if (!protocol)
      throw new FederationFailure(this.failure(pseudoFlow, FEDERATION_MESSAGES.disabledProvider.key));
    if (target.kind === 'console' && !(await this.providerAllowed(providerId, PLATFORM_APP_ID)))
      throw new FederationFailure(this.failure(pseudoFlow, FEDERATION_MESSAGES.notAllowed.key));
    // Flows past their time (abandoned sign-ins) go at most once a minute, as new ones start.
    if (Date.now() - this.purgedAt > 60_000) {
      this.purgedAt = Date.now();
      await this.purgeExpired();
    }
    const provider = toProviderRecord(this.deps.serverKey, row);
    const flowId = randomBytes(24).toString('base64url');
    let upstream: { redirectTo: string; data: Record<string, unknown> };
    try {
      upstream = await protocol.begin(provider, flowId, this.origin());
    } catch (err) {
      // The upstream is away or its metadata is broken: the user is told, the log says why.
      request.log.warn({ err, providerId }, 'Starting a sign-in through an identity provider failed');
      throw new FederationFailure(this.failure(pseudoFlow, FEDERATION_MESSAGES.failed.key, row.name));
    }
    const { redirectTo, data } = upstream;
    await repo.insertFlow(this.deps.db, {
      flowId,
      providerId,
      browserHash: hashToken(this.browserSecret(request, reply)),
      target,
      data,
      expiresAt: new Date(Date.now() + FEDERATION_FLOW_SECONDS * 1000),
    });
    return redirectTo;
  }

  /** This browser's secret: the one its cookie holds, or a new one set now. */
  private browserSecret(request: FastifyRequest, reply: FastifyReply): string {
    const current = request.cookies?.[FEDERATION_COOKIE];
    const secret =
      current && /^[A-Za-z0-9_-]{32,64}$/.test(current) ? current : randomBytes(32).toString('base64url');
    reply.setCookie(FEDERATION_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: COOKIE_PATH,
      maxAge: FEDERATION_FLOW_SECONDS,
    });
    return secret;
  }

  private sameBrowser(secret: string | undefined, row: repo.FlowRow): boolean {
    return secret !== undefined && hashToken(secret) === row.browserHash;
  }

  /**
   * The open flow a callback names (OIDC `state`, SAML `RelayState`), claimed so that no second
   * callback can use it. With the request, the browser must be the one that started it; a SAML
   * ACS (a cross-site POST, which carries no Lax cookie) passes null, and the exchange checks.
   */
  async flowForCallback(
    providerId: string,
    flowId: string | undefined,
    request: FastifyRequest | null,
  ): Promise<{ flow: Flow; provider: ProviderRecord }> {
    const row =
      flowId && /^[A-Za-z0-9_-]{16,100}$/.test(flowId)
        ? await repo.claimOpenFlow(this.deps.db, providerId, flowId)
        : undefined;
    if (!row) throw new FederationFailure(this.failure(null, FEDERATION_MESSAGES.expired.key));
    const flow = { ...toFlow(row), browserChecked: request !== null };
    if (request && !this.sameBrowser(browserSecretOf(request), row))
      throw new FederationFailure(this.failure(flow, FEDERATION_MESSAGES.expired.key));
    const provider = await this.provider(providerId);
    if (!provider?.enabled)
      throw new FederationFailure(this.failure(flow, FEDERATION_MESSAGES.disabledProvider.key));
    return { flow, provider };
  }

  /**
   * Finishes the upstream part: the user the identity signs in as (linked, linked now, or
   * created), with the mapping applied; then the SPA URL that takes the handoff on. A
   * refusal is a URL too, naming why.
   */
  async complete(
    flow: Flow,
    provider: ProviderRecord,
    upstream: UpstreamIdentity,
    meta: RequestMeta,
  ): Promise<string> {
    const db = this.deps.db;
    if (!flow.browserChecked) {
      // Nothing is linked, created or handed off for a browser not yet known to be the one
      // that started the flow: it comes back here through a same-site GET, with its cookie.
      await repo.deferUpstream(db, flow.flowId, upstream);
      return `${FEDERATION_API}/finish/${encodeURIComponent(flow.flowId)}`;
    }
    let resolved: ResolvedUser;
    try {
      resolved = await resolveFederatedUser(
        db,
        provider,
        upstream,
        meta,
        flow.target.kind === 'link' ? flow.target.userId : undefined,
      );
    } catch (err) {
      // Two first sign-ins of one person at once: the other made the link or the user first.
      if (isUniqueViolation(err)) {
        await repo.consumeHandoff(db, flow.flowId);
        return this.failure(flow, FEDERATION_MESSAGES.failed.key, provider.name);
      }
      if (!(err instanceof FederationRefusal)) throw err;
      await auditFailedSignIn(db, meta, {
        userId: flow.target.kind === 'link' ? flow.target.userId : null,
        reason: 'federation',
        details: { providerId: provider.providerId, subject: upstream.subject, refused: err.reason.key },
      });
      await repo.consumeHandoff(db, flow.flowId);
      return this.failure(flow, err.reason.key as MessageKey, provider.name);
    }
    if (flow.target.kind === 'link') {
      await repo.consumeHandoff(db, flow.flowId);
      return withParams('/account-setting/security', { sso_linked: provider.name });
    }
    if (!isActive(resolved.user)) {
      await auditFailedSignIn(db, meta, {
        userId: resolved.user.userId,
        reason: 'disabled',
        details: { providerId: provider.providerId },
      });
      await repo.consumeHandoff(db, flow.flowId);
      return this.failure(flow, FEDERATION_MESSAGES.accountDisabled.key);
    }
    const handoff = randomBytes(32).toString('base64url');
    await repo.setHandoff(db, flow.flowId, {
      userId: resolved.user.userId,
      mfaSatisfied: mfaSatisfied(provider, upstream),
      handoffHash: hashToken(handoff),
    });
    if (flow.target.kind === 'interaction')
      return withParams('/oauth', { uid: flow.target.uid, [FEDERATION_HANDOFF_PARAM]: handoff });
    return withParams('/login', {
      [FEDERATION_HANDOFF_PARAM]: handoff,
      redirect: safePath(flow.target.redirect),
    });
  }

  /**
   * The browser comes back from a callback that could not check it (a SAML ACS): in the
   * browser that started the flow, the upstream's answer is taken on; in any other, refused.
   */
  async finish(flowId: string, request: FastifyRequest, meta: RequestMeta): Promise<string> {
    const row = /^[A-Za-z0-9_-]{16,100}$/.test(flowId)
      ? await repo.claimDeferred(this.deps.db, flowId)
      : undefined;
    if (!row) return this.failure(null, FEDERATION_MESSAGES.expired.key);
    const flow = { ...toFlow(row), browserChecked: true };
    if (!this.sameBrowser(browserSecretOf(request), row)) {
      await repo.consumeHandoff(this.deps.db, flowId);
      return this.failure(flow, FEDERATION_MESSAGES.expired.key);
    }
    const provider = await this.provider(row.providerId);
    if (!provider?.enabled) return this.failure(flow, FEDERATION_MESSAGES.disabledProvider.key);
    return this.complete(flow, provider, (row.data as { upstream: UpstreamIdentity }).upstream, meta);
  }

  /** The SPA URL of a failed sign-in: the page the flow started from, with the reason's key. */
  failure(flow: Pick<Flow, 'target'> | null, key: MessageKey, providerName?: string): string {
    const params = { [FEDERATION_ERROR_PARAM]: key, sso_provider: providerName ?? null };
    if (flow?.target.kind === 'interaction') return withParams('/oauth', { uid: flow.target.uid, ...params });
    if (flow?.target.kind === 'link') return withParams('/account-setting/security', params);
    return withParams('/login', params);
  }

  /**
   * The handoff a finished upstream sign-in left, in the browser that started it, for the
   * target it was started for. Not consumed yet: `consume` does that once the sign-in succeeds
   * (a second factor may still be asked first).
   */
  async redeem(
    handoff: string,
    browserSecret: string | undefined,
    target: FlowTarget['kind'],
    uid?: string,
  ): Promise<{
    flowId: string;
    providerId: string;
    user: NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
    mfaSatisfied: boolean;
  }> {
    const found = await repo.findHandoff(this.deps.db, hashToken(handoff));
    const row = found?.flow;
    const flowTarget = row?.target as FlowTarget | undefined;
    if (
      !row?.userId ||
      !this.sameBrowser(browserSecret, row) ||
      flowTarget?.kind !== target ||
      (flowTarget.kind === 'interaction' && flowTarget.uid !== uid)
    )
      throw new AppError(401, 'UNAUTHENTICATED', FEDERATION_MESSAGES.expired);
    const user = found!.account;
    if (!isActive(user)) throw new FederationRefusal(FEDERATION_MESSAGES.accountDisabled);
    return { flowId: row.flowId, providerId: row.providerId, user, mfaSatisfied: row.mfaSatisfied };
  }

  /** Uses a redeemed handoff up: only the first of two concurrent calls gets true. */
  async consume(flowId: string): Promise<boolean> {
    return repo.consumeHandoff(this.deps.db, flowId);
  }

  /**
   * The console's exchange: a session for the user of the handoff, or, for a user with
   * two-factor sign-in whom the upstream's MFA does not vouch for, the second factor's challenge.
   */
  async exchange(
    handoff: string,
    browserSecret: string | undefined,
    meta: RequestMeta,
  ): Promise<ExchangeAnswer> {
    const { flowId, user, mfaSatisfied } = await this.redeem(handoff, browserSecret, 'console');
    if (!(await this.consume(flowId)))
      throw new AppError(401, 'UNAUTHENTICATED', FEDERATION_MESSAGES.expired);
    if (this.deps.twoFactor.required(user) && !mfaSatisfied)
      return this.deps.twoFactor.challengeFor(user.userId);
    return this.deps.auth.startSession(user, meta);
  }

  /**
   * The user an upstream identity signs in as (for LDAP's password path): linked, linked by a
   * trusted email, or created, with the mapping applied. Refused: a 401 `FederationRefusal`.
   */
  async resolveUser(
    provider: ProviderRecord,
    upstream: UpstreamIdentity,
    meta: RequestMeta,
  ): Promise<ResolvedUser> {
    return resolveFederatedUser(this.deps.db, provider, upstream, meta);
  }

  /** Deletes the flows past their time; returns how many. */
  async purgeExpired(): Promise<number> {
    return repo.deleteExpiredFlows(this.deps.db);
  }
}

function toFlow(row: repo.FlowRow): Omit<Flow, 'browserChecked'> {
  return {
    flowId: row.flowId,
    providerId: row.providerId,
    target: row.target as FlowTarget,
    data: row.data as Record<string, unknown>,
    expiresAt: row.expiresAt,
  };
}
