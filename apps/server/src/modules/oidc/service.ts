import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ERROR_CODES,
  FEDERATION_MESSAGES,
  type InteractionDetails,
  type InteractionLogin,
  type InteractionRedirect,
  MESSAGES,
  m,
  OIDC_MESSAGES,
} from '@gatehouse/contract';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { TokenLifetimes } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { auditedStatement } from '../../lib/audit.ts';
import { type AuthState, bearerToken, type RequestMeta } from '../../lib/auth-state.ts';
import { CallerCache } from '../../lib/caller-cache.ts';
import { AppError, notFound, refused, unauthenticated, unavailable } from '../../lib/errors.ts';
import { type Meters, NO_METERS } from '../../lib/metrics.ts';
import type { DeviceCookie } from '../../plugins/device-cookie.ts';
import { mayEnterApplication } from '../access/in-application.ts';
import { type AccountRow, holdsRoleRequiringTwoFactor, isActive } from '../access/repository.ts';
import type { LoginLimiter } from '../auth/limiters.ts';
import { checkCredentials, NO_DIRECTORY, type PasswordDirectory } from '../auth/password-directory.ts';
import { auditFailedSignIn, unlessLocked } from '../auth/sign-in-events.ts';
import type { FederatedSignIn } from '../federation/sign-in.ts';
import type { PasskeyService } from '../passkeys/service.ts';
import { upgradeOutdatedHash } from '../passwords/policy.ts';
import { stampSignIn } from '../sessions/repository.ts';
import type { SessionResolver } from '../sessions/resolver.ts';
import { hasSecondFactor } from '../two-factor/enrolled.ts';
import type { TwoFactorService } from '../two-factor/service.ts';
import type { ClientCache } from './adapter.ts';
import { loadSigningKeys } from './keys.ts';
import { createProvider } from './provider.ts';
import * as repo from './repository.ts';

/** How often an instance looks for rotated signing keys. */
const KEY_RELOAD_MS = 60_000;

export type OidcOptions = {
  /** The configured issuer; else http://<listening address>/oidc, known once the server listens. */
  issuer: string | undefined;
  serverKey: Buffer;
  proxy: boolean;
  /** What the provider issues lives this long (GATEHOUSE_*_TTL_SECONDS). */
  tokenLifetimes: TokenLifetimes;
};

/** A browser's request to the interaction API and its answer, where the provider reads its cookie. */
export type BrowserExchange = { req: IncomingMessage; res: ServerResponse };

const noAccess = () => new AppError(403, 'FORBIDDEN', m('oidc.noAccess'));

/** The OpenID Provider and its interactions (login, consent, abort) for the console's /oauth page. */
export class OidcService {
  /**
   * The clients the provider read, kept across its rebuilds; emptied when the database
   * announces a change to clients, their secrets or applications (services.ts).
   */
  readonly clients: ClientCache = new CallerCache();
  private current: { provider: Provider; kids: string; checkedAt: number } | undefined;
  private building: Promise<Provider> | undefined;
  private issuer: string | undefined;
  private purgeTimer: NodeJS.Timeout | undefined;
  private purging: Promise<unknown> | undefined;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionResolver,
    private readonly limiter: LoginLimiter,
    private readonly options: OidcOptions,
    private readonly twoFactor: Pick<TwoFactorService, 'required' | 'checkSignInCode'>,
    private readonly federation: Pick<FederatedSignIn, 'redeem' | 'consume' | 'providerAllowed'>,
    private readonly meters: Meters = NO_METERS,
    /** The directories (LDAP) that check the password of the accounts they govern. */
    private readonly directory: PasswordDirectory = NO_DIRECTORY,
    private readonly passkeys?: Pick<PasskeyService, 'signIn'>,
  ) {
    this.issuer = options.issuer;
  }

  /** Deletes the expired artefacts (codes, tokens, interactions, sessions); returns how many. */
  async purgeExpired(): Promise<number> {
    return repo.deleteExpiredPayloads(this.db);
  }

  /**
   * Purges now and then every `intervalMs` on an unref'd timer (it never keeps the process
   * alive); a failed run is reported and the next one tries again. Idempotent.
   */
  startPurging(intervalMs: number, onError: (err: unknown) => void): void {
    if (this.purgeTimer) return;
    const run = () => {
      if (this.purging) return;
      this.purging = this.purgeExpired()
        .catch(onError)
        .finally(() => {
          this.purging = undefined;
        });
    };
    this.purgeTimer = setInterval(run, intervalMs);
    this.purgeTimer.unref();
    run();
  }

  /** Stops the timer and waits for a run under way, so nothing touches a closed database. */
  async stopPurging(): Promise<void> {
    clearInterval(this.purgeTimer);
    this.purgeTimer = undefined;
    await this.purging;
  }

  /** Whether the purge timer runs. */
  get purgeScheduled(): boolean {
    return this.purgeTimer !== undefined;
  }

  /** Sets the issuer from the listening address when none is configured. */
  setDefaultIssuer(issuer: string): void {
    this.issuer ??= issuer;
  }

  /** The provider over the published keys; rebuilt when a rotation changed them. */
  async provider(): Promise<Provider> {
    const current = this.current;
    if (current && Date.now() - current.checkedAt < KEY_RELOAD_MS) return current.provider;
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<Provider> {
    // The issuer is GATEHOUSE_ISSUER, or the listening address's: an instance that
    // does not listen yet (injected requests) has no provider to offer.
    if (!this.issuer) throw unavailable();
    const keys = await loadSigningKeys(this.db, this.options.serverKey);
    const kids = keys.map((k) => k.kid).join(' ');
    if (this.current && this.current.kids === kids) {
      this.current.checkedAt = Date.now();
      return this.current.provider;
    }
    const provider = await createProvider(this.db, {
      issuer: this.issuer,
      serverKey: this.options.serverKey,
      keys,
      proxy: this.options.proxy,
      tokenLifetimes: this.options.tokenLifetimes,
      clients: this.clients,
      onTokenRequest: (grantType, issued) => this.meters.tokenRequest(grantType, issued),
    });
    this.current = { provider, kids, checkedAt: Date.now() };
    return provider;
  }

  /**
   * The interaction `uid` as the provider hands it to the browser that started it: through
   * `interactionDetails`, which finds it by that browser's interaction cookie (set for the
   * interaction's own API path, interaction-cookie.ts) and checks the provider session it
   * began in. Without that cookie, with another interaction's, or once the interaction or its
   * session has ended, there is none: every such call answers the same 404, naming neither
   * the account nor the client, so a sign-in link reveals nothing to whoever else holds it.
   */
  private async interaction(uid: string, browser: BrowserExchange) {
    const provider = await this.provider();
    const { errors } = await import('oidc-provider');
    const interaction = await provider.interactionDetails(browser.req, browser.res).catch((err: unknown) => {
      if (err instanceof errors.SessionNotFound) return undefined;
      throw err;
    });
    if (interaction?.uid !== uid) throw notFound(OIDC_MESSAGES.interactionGone);
    const clientId = String(interaction.params.client_id ?? '');
    const client = await repo.findUsableClient(this.db, clientId);
    if (!client) throw notFound(OIDC_MESSAGES.unknownClient);
    return { provider, interaction, client };
  }

  async details(uid: string, browser: BrowserExchange): Promise<InteractionDetails> {
    const { interaction, client } = await this.interaction(uid, browser);
    const prompt = interaction.prompt.name === 'login' ? 'login' : 'consent';
    return {
      uid,
      prompt,
      loginRequired: prompt === 'login',
      clientId: client.client,
      clientName: client.clientName,
      applicationId: client.applicationId,
      applicationName: client.applicationName,
      scopes: String(interaction.params.scope ?? '')
        .split(' ')
        .filter((s) => s !== ''),
      accountId: interaction.session?.accountId ?? null,
    };
  }

  /**
   * Signs the user in for this interaction: with the console session, or a username and
   * password. The password path is throttled and audited like the console's sign-in: the
   * same limiter (429 once spent), a login.failed record per wrong password, a login record
   * per success.
   */
  async login(
    uid: string,
    browser: BrowserExchange,
    input: InteractionLogin,
    session: AuthState | null,
    meta: RequestMeta,
    device?: DeviceCookie,
    federationSecret?: string,
    passkeySecret?: string,
  ): Promise<InteractionRedirect> {
    const { interaction, client } = await this.interaction(uid, browser);
    if (interaction.prompt.name !== 'login') throw refused(OIDC_MESSAGES.noLoginPrompt);
    if (input?.federated !== undefined)
      return this.federatedLogin(interaction, client, input.federated, input.code, meta, federationSecret);
    if (input?.passkey !== undefined) {
      if (!this.passkeys) throw unauthenticated();
      const user = await this.passkeys.signIn(passkeySecret, input.passkey, meta, 'oidc', {
        device,
        details: { clientId: client.client },
      });
      return this.signedIn(interaction, client, user, meta, { method: 'passkey' });
    }
    if (input?.username === undefined && input?.password === undefined) {
      if (!session) throw unauthenticated();
      if (session.user.mustChangePassword || session.passwordExpired)
        throw this.refusedSignIn('password-change-required', refused(OIDC_MESSAGES.passwordChangeFirst));
      if (session.twoFactorEnrolmentRequired)
        throw this.refusedSignIn('two-factor-enrolment-required', refused(OIDC_MESSAGES.twoFactorEnrolFirst));
      const userId = session.user.userId;
      if (!(await mayEnterApplication(this.db, userId, client.applicationId)))
        throw this.refusedSignIn('no-access', noAccess());
      this.meters.signIn('oidc', 'success');
      return this.finish(interaction, { login: { accountId: userId, remember: true } });
    }
    const username = input?.username ?? '';
    const password = input?.password ?? '';
    const attempt = { account: username, ip: meta.ip ?? 'unknown', device };
    await unlessLocked(() => this.limiter.check(attempt), this.meters, 'oidc');
    const { user, viaDirectory } = await checkCredentials(
      { db: this.db, directory: this.directory, limiter: this.limiter, meters: this.meters },
      'oidc',
      { username, password },
      attempt,
      { meta, applicationId: client.applicationId, details: { clientId: client.client } },
    );
    if (!isActive(user)) {
      await auditFailedSignIn(this.db, meta, {
        userId: user.userId,
        reason: 'disabled',
        details: { clientId: client.client },
      });
      this.meters.signIn('oidc', 'failure', 'disabled');
      throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.accountDisabled);
    }
    await this.limiter.recordSuccess(attempt);
    const actor = { ...meta, actorId: user.userId, actorName: user.username };
    if (!viaDirectory) await upgradeOutdatedHash(this.db, actor, user, password);
    // The password alone never passes for a user with two-factor sign-in on (a directory's neither).
    if (this.twoFactor.required(user))
      await this.twoFactor.checkSignInCode(user, input?.code?.replace(/[\s-]/g, ''), meta);
    // A password an administrator set, or one past the policy's age, signs nothing in until
    // it is replaced in the console: it may be known to someone else, or leaked long ago. A
    // directory's password is the directory's to age; the local one is not used.
    return this.signedIn(interaction, client, user, meta, {}, viaDirectory);
  }

  /**
   * The end of a sign-in by password or passkey for this interaction: an account whose
   * password must be replaced first is refused (a passkey too: the console asks for the new
   * password right after it), as is one without access to the client's application; else
   * the login is audited and the provider told.
   */
  private async signedIn(
    interaction: Interaction,
    client: { client: string; applicationId: string },
    user: AccountRow,
    meta: RequestMeta,
    details: Record<string, unknown>,
    viaDirectory = false,
  ): Promise<InteractionRedirect> {
    if (!viaDirectory && (user.mustChangePassword || (await this.sessions.isPasswordExpired(user))))
      throw this.refusedSignIn('password-change-required', refused(OIDC_MESSAGES.passwordChangeFirst));
    await this.assertTwoFactorSetUp(user);
    if (!(await mayEnterApplication(this.db, user.userId, client.applicationId)))
      throw this.refusedSignIn('no-access', noAccess());
    await auditedStatement(
      this.db,
      { ...meta, actorId: user.userId, actorName: user.username },
      {
        entity: 'user',
        action: 'login',
        entityId: user.userId,
        after: { clientId: client.client, applicationId: client.applicationId, ...details },
      },
      [stampSignIn(this.db, user.userId)],
    );
    this.meters.signIn('oidc', 'success');
    return this.finish(interaction, { login: { accountId: user.userId, remember: true } });
  }

  /**
   * Signs the user of a finished sign-in through an identity provider in for this interaction:
   * the handoff must be this browser's, made for this interaction, through a provider the
   * client's application allows. Gatehouse's own rules then apply as to a password: the second
   * factor (unless the provider vouches for MFA), a password to replace first, the application.
   */
  private async federatedLogin(
    interaction: Interaction,
    client: { client: string; applicationId: string },
    handoff: string,
    code: string | undefined,
    meta: RequestMeta,
    federationSecret: string | undefined,
  ): Promise<InteractionRedirect> {
    const redeemed = await this.federation.redeem(handoff, federationSecret, 'interaction', interaction.uid);
    const { user } = redeemed;
    if (!(await this.federation.providerAllowed(redeemed.providerId, client.applicationId)))
      throw this.refusedSignIn('no-access', new AppError(403, 'FORBIDDEN', FEDERATION_MESSAGES.notAllowed));
    if (this.twoFactor.required(user) && !redeemed.mfaSatisfied)
      await this.twoFactor.checkSignInCode(user, code?.replace(/[\s-]/g, ''), meta);
    if (user.mustChangePassword || (await this.sessions.isPasswordExpired(user)))
      throw this.refusedSignIn('password-change-required', refused(OIDC_MESSAGES.passwordChangeFirst));
    await this.assertTwoFactorSetUp(user);
    if (!(await mayEnterApplication(this.db, user.userId, client.applicationId)))
      throw this.refusedSignIn('no-access', noAccess());
    if (!(await this.federation.consume(redeemed.flowId))) throw unauthenticated();
    const actor = { ...meta, actorId: user.userId, actorName: user.username };
    await auditedStatement(
      this.db,
      actor,
      {
        entity: 'user',
        action: 'login',
        entityId: user.userId,
        after: {
          clientId: client.client,
          applicationId: client.applicationId,
          providerId: redeemed.providerId,
        },
      },
      [stampSignIn(this.db, user.userId)],
    );
    this.meters.signIn('oidc', 'success');
    return this.finish(interaction, { login: { accountId: user.userId, remember: true } });
  }

  /** A sign-in of a known, active account refused all the same: counted as a failure, for `reason`. */
  private refusedSignIn(
    reason: 'password-change-required' | 'two-factor-enrolment-required' | 'no-access',
    error: AppError,
  ): AppError {
    this.meters.signIn('oidc', 'failure', reason);
    return error;
  }

  /**
   * A role the user holds requires two-factor sign-in: one who has not set it up is sent to
   * the console to do so (it asks at the next sign-in there) rather than signed in here with
   * the password alone.
   */
  private async assertTwoFactorSetUp(user: {
    userId: string;
    totpEnabledAt: Date | null;
    totpSecret: string | null;
  }) {
    if (hasSecondFactor(user) || !(await holdsRoleRequiringTwoFactor(this.db, user.userId))) return;
    throw this.refusedSignIn('two-factor-enrolment-required', refused(OIDC_MESSAGES.twoFactorEnrolFirst));
  }

  /** Grants the scopes asked for; the grant is remembered for the next sign-in of this client. */
  async consent(uid: string, browser: BrowserExchange): Promise<InteractionRedirect> {
    const { provider, interaction, client } = await this.interaction(uid, browser);
    if (interaction.prompt.name !== 'consent') throw refused(OIDC_MESSAGES.noConsentPrompt);
    const accountId = interaction.session?.accountId;
    if (!accountId) throw unauthenticated();
    if (!(await mayEnterApplication(this.db, accountId, client.applicationId))) throw noAccess();
    const account = await repo.findUser(this.db, accountId);
    if (account) await this.assertTwoFactorSetUp(account);
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: client.client });
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return this.finish(interaction, { consent: { grantId } });
  }

  /** The user declines: the client gets access_denied at its registered redirect URI. */
  async abort(uid: string, browser: BrowserExchange): Promise<InteractionRedirect> {
    const { interaction } = await this.interaction(uid, browser);
    return this.finish(interaction, {
      error: 'access_denied',
      error_description: 'The user declined the sign-in',
    });
  }

  private async finish(
    interaction: Interaction,
    result: Record<string, unknown>,
  ): Promise<InteractionRedirect> {
    interaction.result = result;
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    return { redirectTo: interaction.returnTo };
  }

  /**
   * The client a live client-credentials token was issued to, or null for anything else (a
   * user's access token is another model, so it never answers here).
   */
  async clientCredentialsClient(token: string): Promise<string | null> {
    if (!this.issuer) return null;
    const provider = await this.provider();
    const found = await provider.ClientCredentials.find(token);
    if (!found?.clientId || found.isExpired) return null;
    return found.clientId;
  }

  /**
   * The caller an OIDC access token names, for the routes that accept one: its user, with
   * the roles as a session would see them, tied to the application of the token's client.
   */
  async accessTokenCaller(authorization: string | undefined): Promise<AuthState | null> {
    const token = bearerToken(authorization);
    // Without an issuer no token of this instance's provider can be checked: not signed in.
    if (!token || !this.issuer) return null;
    const provider = await this.provider();
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken?.accountId || !accessToken.clientId || accessToken.isExpired) return null;
    // A token for an application's APIs (a JWT with their audience) is theirs, not Gatehouse's.
    // `bearerToken` already refuses a JWT's shape; this holds should that ever change.
    if (accessToken.aud !== undefined) return null;
    // A revoked grant takes its tokens with it, also one saved after the revocation.
    const grant = accessToken.grantId ? await provider.Grant.find(accessToken.grantId) : undefined;
    if (!grant || grant.accountId !== accessToken.accountId) return null;
    const client = await repo.findUsableClient(this.db, accessToken.clientId);
    const user = await repo.findUser(this.db, accessToken.accountId);
    if (!client || !user || !isActive(user)) return null;
    const auth = await this.sessions.stateFor(user, '');
    return { ...auth, oauthApplicationId: client.applicationId };
  }
}
