import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponse,
  ERROR_CODES,
  MESSAGES,
  PASSKEY_CEREMONY_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_USER,
  type Passkey,
  type PasskeyProof,
  PRODUCT_NAME,
  type RegisterPasskey,
} from '@gatehouse/contract';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Database } from '../../db/client.ts';
import { auditedChange } from '../../lib/audit.ts';
import type { AuthState, RequestMeta } from '../../lib/auth-state.ts';
import { AppError, notFound, refused, unauthenticated, validationFailed } from '../../lib/errors.ts';
import { type Meters, NO_METERS, type SignInFlow } from '../../lib/metrics.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { DeviceCookie } from '../../plugins/device-cookie.ts';
import { type AccountRow, isActive } from '../access/repository.ts';
import type { LoginLimiter, RequestLimiter } from '../auth/limiters.ts';
import { auditFailedSignIn, type SignInFailure, unlessLocked } from '../auth/sign-in-events.ts';
import { verifyPassword } from '../passwords/hashing.ts';
import { findUserByUsername } from '../sessions/repository.ts';
import { findUser, findUserForUpdate } from '../two-factor/repository.ts';
import * as repo from './repository.ts';

/**
 * Where passkeys live: the origin the console is opened on and its host name, the WebAuthn
 * relying-party id. `GATEHOUSE_PASSKEY_ORIGIN`, else `GATEHOUSE_PUBLIC_URL`, else
 * `http://localhost:<port>` (browsers refuse an IP address as a relying-party id).
 */
export class RelyingParty {
  private port: number;

  constructor(
    private readonly configured: string | undefined,
    port: number,
  ) {
    this.port = port;
  }

  /** The port of `http://localhost:<port>`, once the server listens (PORT=0 picks one). */
  setListeningPort(port: number): void {
    this.port = port;
  }

  get origin(): string {
    return this.configured ?? `http://localhost:${this.port}`;
  }

  get id(): string {
    return new URL(this.origin).hostname;
  }
}

/** A ceremony's options for the browser, and the secret its cookie carries back. */
export type CeremonyStart = { options: Record<string, unknown>; secret: string };

/** The WebAuthn user handle of an account: the 16 bytes of its id, nothing personal. */
const userHandle = (userId: string) => Buffer.from(userId.replaceAll('-', ''), 'hex');

const signInRefused = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, PASSKEY_MESSAGES.refused);
const ceremonyExpired = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, PASSKEY_MESSAGES.expired);

function toPasskey(row: repo.PasskeyRow): Passkey {
  return {
    passkeyId: row.passkeyId,
    name: row.name,
    createdDate: row.createdAt.toISOString(),
    lastUsedDate: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    transports: row.transports,
  };
}

const descriptor = (row: repo.PasskeyRow) => ({
  id: row.credentialId,
  transports: row.transports as AuthenticatorTransport[],
});

/**
 * Passkeys (WebAuthn) with `@simplewebauthn/server`: a user registers several on the security
 * page and signs in with one on /login or /oauth. Each ceremony's challenge is kept here,
 * bound to the browser that started it (the hash of its cookie's secret) and, for a
 * registration or a proof, to the user and session; it is deleted as it is used. Every
 * passkey requires user verification (a PIN or biometric on the authenticator), so a passkey
 * sign-in counts as two factors.
 */
export class PasskeyService {
  private purgedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly limiter: LoginLimiter,
    readonly relyingParty: RelyingParty,
    private readonly meters: Meters = NO_METERS,
    /** The budget of sign-in starts per source and username (PASSKEY_SIGN_IN_STARTS). */
    private readonly starts?: Pick<RequestLimiter, 'take'>,
  ) {}

  async list(auth: AuthState): Promise<Passkey[]> {
    return (await repo.listOwn(this.db, auth.user.userId)).map(toPasskey);
  }

  /** The options of a registration for the signed-in user; the passkeys they hold are excluded. */
  async registrationOptions(auth: AuthState): Promise<CeremonyStart> {
    const own = await repo.listOwn(this.db, auth.user.userId);
    if (own.length >= PASSKEYS_PER_USER) throw refused(PASSKEY_MESSAGES.tooMany);
    const options = await generateRegistrationOptions({
      rpName: PRODUCT_NAME,
      rpID: this.relyingParty.id,
      userID: userHandle(auth.user.userId),
      userName: auth.user.username,
      userDisplayName: auth.user.name || auth.user.username,
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: own.map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const secret = await this.startCeremony('register', options.challenge, auth);
    return { options: { ...options }, secret };
  }

  /** Verifies the authenticator's answer to this browser's registration and stores the passkey. */
  async register(
    auth: AuthState,
    input: RegisterPasskey,
    secret: string | undefined,
    meta: RequestMeta,
  ): Promise<Passkey> {
    const ceremony = await this.takeOwnCeremony('register', secret, auth);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        // The contract checked the shape; the library checks the rest.
        response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: ceremony.challenge,
        expectedOrigin: this.relyingParty.origin,
        expectedRPID: this.relyingParty.id,
        requireUserVerification: true,
      });
    } catch {
      throw validationFailed({ response: PASSKEY_MESSAGES.refused });
    }
    if (!verified.verified) throw validationFailed({ response: PASSKEY_MESSAGES.refused });
    const { credential, credentialBackedUp } = verified.registrationInfo;
    const userId = auth.user.userId;
    return auditedChange(this.db, meta, { entity: 'user', action: 'passkey.register' }, async (tx) => {
      // The user's row is the lock two registrations at once queue on, so the limit holds.
      if (!(await findUserForUpdate(tx, userId))) throw unauthenticated();
      if ((await repo.countOwn(tx, userId)) >= PASSKEYS_PER_USER) throw refused(PASSKEY_MESSAGES.tooMany);
      const row = await repo.insertPasskey(tx, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: input.response.response.transports ?? credential.transports ?? [],
        backedUp: credentialBackedUp,
        name: input.name,
      });
      if (!row) throw refused(PASSKEY_MESSAGES.alreadyRegistered);
      const passkey = toPasskey(row);
      return {
        entityId: userId,
        after: passkey,
        recordedAfter: { passkeyId: row.passkeyId, name: row.name },
      };
    });
  }

  async rename(auth: AuthState, passkeyId: string, name: string, meta: RequestMeta): Promise<Passkey> {
    const userId = auth.user.userId;
    return auditedChange(this.db, meta, { entity: 'user', action: 'passkey.rename' }, async (tx) => {
      const before = await repo.findOwn(tx, userId, passkeyId);
      const row = before && (await repo.renamePasskey(tx, userId, passkeyId, name));
      if (!before || !row) throw notFound(PASSKEY_MESSAGES.notFound);
      return {
        entityId: userId,
        before: { passkeyId, name: before.name },
        after: toPasskey(row),
        recordedAfter: { passkeyId, name: row.name },
      };
    });
  }

  /** The options of a proof: the signed-in user answers with one of their own passkeys. */
  async proofOptions(auth: AuthState): Promise<CeremonyStart> {
    const own = await repo.listOwn(this.db, auth.user.userId);
    if (own.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParty.id,
      allowCredentials: own.map(descriptor),
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    });
    const secret = await this.startCeremony('proof', options.challenge, auth);
    return { options: { ...options }, secret };
  }

  /**
   * Removes one of the user's passkeys, given a fresh proof: the password, or a passkey's
   * answer to this browser's proof ceremony. Wrong proofs spend the second factor's budget,
   * as for turning two-factor sign-in off.
   */
  async remove(
    auth: AuthState,
    passkeyId: string,
    proof: PasskeyProof,
    secret: string | undefined,
    meta: RequestMeta,
  ): Promise<void> {
    const userId = auth.user.userId;
    if (!(await repo.findOwn(this.db, userId, passkeyId))) throw notFound(PASSKEY_MESSAGES.notFound);
    await this.checkProof(auth, proof, secret, meta);
    await auditedChange(this.db, meta, { entity: 'user', action: 'passkey.remove' }, async (tx) => {
      const row = await repo.findOwn(tx, userId, passkeyId);
      if (!row || !(await repo.deletePasskey(tx, userId, passkeyId)))
        throw notFound(PASSKEY_MESSAGES.notFound);
      return {
        entityId: userId,
        before: { passkeyId, name: row.name },
        after: undefined,
        recordedAfter: { passkeyId, name: row.name, proof: proof.passkey ? 'passkey' : 'password' },
      };
    });
  }

  /**
   * The options of a sign-in. With a username, only that account's passkeys are offered and
   * accepted; an unknown name gets the same answer as an account without passkeys (any
   * discoverable passkey may answer, and signs in its own account). Anyone may start one, so
   * starts are counted per source and per username (429 once spent).
   */
  async signInOptions(username: string | undefined, ip: string): Promise<CeremonyStart> {
    await this.starts?.take(username ?? `ip:${ip}`, ip);
    if (Date.now() - this.purgedAt > 60_000) {
      this.purgedAt = Date.now();
      await repo.deleteExpiredCeremonies(this.db);
    }
    const user = username ? await findUserByUsername(this.db, username) : undefined;
    const own = user ? await repo.listOwn(this.db, user.userId) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParty.id,
      allowCredentials: own.map(descriptor),
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    });
    const secret = await this.startCeremony(
      'sign-in',
      options.challenge,
      null,
      own.length > 0 ? user : undefined,
    );
    return { options: { ...options }, secret };
  }

  /**
   * The account a passkey's answer to this browser's sign-in ceremony proves, with the checks
   * of a password sign-in: the limiter (a failure counts as a wrong password), a disabled
   * account refused, each refusal audited as `login.failed` with its reason. A passkey that
   * names another account than the one the sign-in named, or whose counter went backwards
   * (a cloned authenticator), is refused.
   */
  async signIn(
    secret: string | undefined,
    response: AuthenticationResponse,
    meta: RequestMeta,
    flow: SignInFlow,
    context: { device?: DeviceCookie | undefined; details?: Record<string, unknown> } = {},
  ): Promise<AccountRow> {
    const ip = meta.ip ?? 'unknown';
    const details = { ...context.details, method: 'passkey' };
    await unlessLocked(() => this.limiter.checkSource(ip), this.meters, flow);
    const ceremony = secret ? await repo.takeCeremony(this.db, hashToken(secret), 'sign-in') : undefined;
    if (!ceremony) throw ceremonyExpired();
    const found = await repo.findByCredentialId(this.db, response.id);
    const named = ceremony.userId;
    if (!found || (named !== null && found.user.userId !== named)) {
      await this.limiter.recordSourceFailure(ip);
      await this.failed(meta, flow, named, 'unknown-passkey', details);
      throw signInRefused();
    }
    const { passkey, user } = found;
    const attempt = { account: user.username, ip, device: context.device };
    await unlessLocked(() => this.limiter.check(attempt), this.meters, flow);
    const counter = await this.verifyAssertion(passkey, user.userId, response, ceremony.challenge);
    if (counter === null) {
      const lock = await this.limiter.recordFailure(attempt);
      await this.failed(
        meta,
        flow,
        user.userId,
        'wrong-passkey',
        { ...details, passkeyId: passkey.passkeyId },
        lock,
      );
      throw signInRefused();
    }
    if (!(await repo.advanceCounter(this.db, passkey.passkeyId, counter))) {
      await this.failed(meta, flow, user.userId, 'counter-regression', {
        ...details,
        passkeyId: passkey.passkeyId,
        counter,
        storedCounter: passkey.counter,
      });
      throw signInRefused();
    }
    if (!isActive(user)) {
      await this.failed(meta, flow, user.userId, 'disabled', details);
      throw new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.accountDisabled);
    }
    await this.limiter.recordSuccess(attempt);
    return user;
  }

  private async failed(
    meta: RequestMeta,
    flow: SignInFlow,
    userId: string | null,
    reason: SignInFailure,
    details: Record<string, unknown>,
    lock?: { lockedSeconds: number } | null,
  ): Promise<void> {
    await auditFailedSignIn(this.db, meta, { userId, reason, details, lock: lock ?? null });
    this.meters.signIn(flow, 'failure', reason);
  }

  /**
   * The authenticator's new signature counter when its answer verifies for this passkey, this
   * challenge, this origin and relying party, with the user verified; else null. The counter
   * is compared with the stored one by `advanceCounter`, in the statement that records it.
   */
  private async verifyAssertion(
    passkey: repo.PasskeyRow,
    userId: string,
    response: AuthenticationResponse,
    challenge: string,
  ): Promise<number | null> {
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== userHandle(userId).toString('base64url')) return null;
    try {
      const result = await verifyAuthenticationResponse({
        response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: this.relyingParty.origin,
        expectedRPID: this.relyingParty.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          // Compared in `advanceCounter`, atomically with the update.
          counter: 0,
          transports: passkey.transports as AuthenticatorTransport[],
        },
      });
      return result.verified ? result.authenticationInfo.newCounter : null;
    } catch {
      return null;
    }
  }

  private async checkProof(
    auth: AuthState,
    proof: PasskeyProof,
    secret: string | undefined,
    meta: RequestMeta,
  ): Promise<void> {
    const userId = auth.user.userId;
    await this.limiter.checkSecondFactor(userId);
    let ok: boolean;
    if (proof.passkey) {
      const ceremony = await this.takeOwnCeremony('proof', secret, auth);
      const found = await repo.findByCredentialId(this.db, proof.passkey.id);
      const counter =
        found && found.user.userId === userId
          ? await this.verifyAssertion(found.passkey, userId, proof.passkey, ceremony.challenge)
          : null;
      ok =
        found !== undefined &&
        counter !== null &&
        (await repo.advanceCounter(this.db, found.passkey.passkeyId, counter));
    } else {
      const user = await findUser(this.db, userId);
      ok = user !== undefined && (await verifyPassword(user.passwordHash, proof.password ?? ''));
    }
    if (!ok) {
      await this.limiter.recordSecondFactorFailure(userId, meta.ip ?? 'unknown');
      throw validationFailed(
        proof.passkey ? { passkey: PASSKEY_MESSAGES.refused } : { password: MESSAGES.currentPasswordWrong },
      );
    }
    await this.limiter.recordSecondFactorSuccess(userId);
  }

  private async startCeremony(
    purpose: repo.CeremonyPurpose,
    challenge: string,
    auth: AuthState | null,
    named?: { userId: string },
  ): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await repo.insertCeremony(this.db, {
      ceremonyHash: hashToken(secret),
      purpose,
      challenge,
      userId: auth?.user.userId ?? named?.userId ?? null,
      sessionId: auth?.sessionId ?? null,
      expiresAt: new Date(Date.now() + PASSKEY_CEREMONY_SECONDS * 1000),
    });
    return secret;
  }

  /** This browser's ceremony of `purpose`, started by this user in this session; else a 400 to start again. */
  private async takeOwnCeremony(
    purpose: repo.CeremonyPurpose,
    secret: string | undefined,
    auth: AuthState,
  ): Promise<repo.CeremonyRow> {
    const ceremony = secret ? await repo.takeCeremony(this.db, hashToken(secret), purpose) : undefined;
    if (!ceremony || ceremony.userId !== auth.user.userId || ceremony.sessionId !== auth.sessionId)
      throw validationFailed({ response: PASSKEY_MESSAGES.expired });
    return ceremony;
  }
}
