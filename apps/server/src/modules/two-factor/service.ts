import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ERROR_CODES,
  MESSAGES,
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorProof,
  type TwoFactorStatus,
} from '@gatehouse/contract';
import { Secret, TOTP } from 'otpauth';
import type { Database, Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import type { AuthState, RequestMeta } from '../../lib/auth-state.ts';
import { foundByUuid } from '../../lib/entity-service.ts';
import { AppError, refused, unauthenticated, validationFailed } from '../../lib/errors.ts';
import { type Meters, NO_METERS, type SignInFlow } from '../../lib/metrics.ts';
import { deriveKey, seal, unseal } from '../../lib/server-key.ts';
import { isActive } from '../access/repository.ts';
import type { LoginLimiter } from '../auth/limiters.ts';
import { auditFailedSignIn, unlessLocked } from '../auth/sign-in-events.ts';
import { verifyPassword } from '../passwords/hashing.ts';
import { assertMayChangeAccount, endAccess } from '../users/administration.ts';
import { hasSecondFactor } from './enrolled.ts';
import * as repo from './repository.ts';

const invalidCode = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, TWO_FACTOR_MESSAGES.invalidCode);
const challengeExpired = () =>
  new AppError(401, ERROR_CODES.UNAUTHENTICATED, TWO_FACTOR_MESSAGES.challengeExpired);

/** Recovery codes are 10 random base32 characters shown as xxxxx-xxxxx; only their SHA-256 is kept. */
function newRecoveryCode(): string {
  const chars = new Secret({ size: 10 }).base32.toLowerCase().slice(0, 10);
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

type Challenge = { userId: string; id: string; expiresAt: number };

/**
 * Two-factor sign-in with TOTP (RFC 6238) and single-use recovery codes. The secret is kept
 * sealed with the server key; it stays pending (no `totpEnabledAt`) until a first code
 * confirms it. After the password, sign-in gets a challenge instead of a session: a token
 * signed with a key derived from the server key, naming the account and expiring in five
 * minutes, so any instance can check it without shared state.
 */
export class TwoFactorService {
  private readonly challengeKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly limiter: LoginLimiter,
    private readonly serverKey: Buffer,
    private readonly meters: Meters = NO_METERS,
  ) {
    this.challengeKey = deriveKey(serverKey, 'two-factor-challenge');
  }

  async status(auth: AuthState): Promise<TwoFactorStatus> {
    const user = await this.user(this.db, auth.user.userId);
    const enabled = user.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabled ? await repo.unusedRecoveryCodes(this.db, user.userId) : 0,
    };
  }

  /** A new pending secret, replacing any earlier pending one; refused while 2FA is on. */
  async startEnrolment(auth: AuthState, ctx: AuditContext): Promise<TwoFactorEnrolment> {
    const secret = new Secret({ size: 20 }).base32;
    await auditedChange(this.db, ctx, { entity: 'user', action: 'two-factor.enrol' }, async (tx) => {
      const user = await this.user(tx, auth.user.userId, true);
      if (user.totpEnabledAt !== null) throw refused(TWO_FACTOR_MESSAGES.alreadyEnabled);
      await repo.setTotp(tx, user.userId, {
        totpSecret: seal(this.serverKey, secret),
        totpEnabledAt: null,
        totpLastStep: null,
      });
      return { entityId: user.userId, after: { pending: true } };
    });
    const otpauthUri = totpFor(secret, auth.user.username).toString();
    return {
      secret,
      otpauthUri,
      qrCode: await (await import('qrcode')).default.toDataURL(otpauthUri, { margin: 1, width: 220 }),
    };
  }

  /** The first code turns 2FA on; answers the recovery codes, once. */
  async confirmEnrolment(auth: AuthState, code: string, meta: RequestMeta): Promise<string[]> {
    const userId = auth.user.userId;
    await this.limiter.checkSecondFactor(userId);
    const pending = await this.user(this.db, userId);
    if (pending.totpEnabledAt !== null) throw refused(TWO_FACTOR_MESSAGES.alreadyEnabled);
    if (pending.totpSecret === null) throw refused(TWO_FACTOR_MESSAGES.notEnrolling);
    const step = this.totpStep(pending, code);
    if (step === null) {
      await this.limiter.recordSecondFactorFailure(userId, meta.ip ?? 'unknown');
      // 400, not 401: the console treats a 401 as "sign in again".
      throw validationFailed({ code: TWO_FACTOR_MESSAGES.invalidCode });
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await auditedChange(this.db, meta, { entity: 'user', action: 'two-factor.enable' }, async (tx) => {
      const user = await this.user(tx, userId, true);
      // The secret the code was checked against must still be the pending one.
      if (user.totpEnabledAt !== null || user.totpSecret !== pending.totpSecret)
        throw refused(TWO_FACTOR_MESSAGES.notEnrolling);
      await repo.setTotp(tx, userId, {
        totpSecret: user.totpSecret,
        totpEnabledAt: new Date(),
        totpLastStep: step,
      });
      await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
      return { entityId: userId, after: { enabled: true, recoveryCodes: RECOVERY_CODE_COUNT } };
    });
    await this.limiter.recordSecondFactorSuccess(userId);
    return codes;
  }

  /** Turns 2FA off for the caller, given a current code (TOTP or recovery) or the password. */
  async disable(auth: AuthState, proof: TwoFactorProof, meta: RequestMeta): Promise<void> {
    const user = await this.enabledUser(auth.user.userId);
    await this.checkProof(user, proof, meta);
    await auditedChange(this.db, meta, { entity: 'user', action: 'two-factor.disable' }, async (tx) => {
      await repo.setTotp(tx, user.userId, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
      await repo.replaceRecoveryCodes(tx, user.userId, []);
      return { entityId: user.userId, before: { enabled: true }, after: { enabled: false } };
    });
  }

  /** New recovery codes replace the old ones (used or not); answered once. */
  async regenerateRecoveryCodes(
    auth: AuthState,
    proof: TwoFactorProof,
    meta: RequestMeta,
  ): Promise<string[]> {
    const user = await this.enabledUser(auth.user.userId);
    await this.checkProof(user, proof, meta);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await auditedChange(
      this.db,
      meta,
      { entity: 'user', action: 'two-factor.recovery-codes' },
      async (tx) => {
        await repo.replaceRecoveryCodes(tx, user.userId, codes.map(hashRecoveryCode));
        return { entityId: user.userId, after: { recoveryCodes: RECOVERY_CODE_COUNT } };
      },
    );
    return codes;
  }

  /**
   * An administrator turns a user's 2FA off (a lost phone and lost recovery codes). Only
   * someone who may change the account may, as with a password reset. A lost phone may be a
   * stolen one, so the user's sessions and OIDC access end too: whoever holds them signs in
   * again with the password alone, which the owner can then change.
   */
  async reset(userId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await auditedChange(this.db, ctx, { entity: 'user', action: 'two-factor.reset' }, async (tx) => {
      const user = await foundByUuid(userId, (id) => repo.findUserForUpdate(tx, id));
      await assertMayChangeAccount(tx, ctx, userId, scope);
      await repo.setTotp(tx, userId, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
      await repo.replaceRecoveryCodes(tx, userId, []);
      return {
        entityId: userId,
        before: { enabled: user.totpEnabledAt !== null },
        after: { enabled: false },
        recordedAfter: { enabled: false, ...(await endAccess(tx, userId)) },
      };
    });
  }

  /** Whether sign-in must ask this user for a code after the password. */
  required(user: { totpEnabledAt: Date | null; totpSecret: string | null }): boolean {
    return hasSecondFactor(user);
  }

  /** The challenge the password step answers instead of a session. */
  challengeFor(userId: string): { challenge: string; expiresIn: number } {
    const payload: Challenge = {
      userId,
      id: randomUUID(),
      expiresAt: Date.now() + SECOND_FACTOR_CHALLENGE_SECONDS * 1000,
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { challenge: `${body}.${this.sign(body)}`, expiresIn: SECOND_FACTOR_CHALLENGE_SECONDS };
  }

  /**
   * The second step of sign-in: the user behind a live challenge and a right code. Wrong
   * codes are counted per challenge and per account (429 once spent) and audited; a
   * challenge signs in once.
   */
  async completeSignIn(challenge: string, code: string, meta: RequestMeta): Promise<repo.UserRow> {
    const parsed = this.readChallenge(challenge);
    if (!parsed) throw challengeExpired();
    await unlessLocked(
      () => this.limiter.checkSecondFactor(parsed.userId, parsed.id),
      this.meters,
      'console',
    );
    const user = await repo.findAccount(this.db, parsed.userId);
    if (!user || !isActive(user) || !this.required(user)) throw challengeExpired();
    if (!(await this.verifyCode(this.db, user, code))) {
      await this.limiter.recordSecondFactorFailure(user.userId, meta.ip ?? 'unknown', parsed.id);
      await this.wrongCode(user, meta, 'console');
      throw invalidCode();
    }
    if (!(await this.limiter.spendChallenge(parsed.id))) throw challengeExpired();
    await this.limiter.recordSecondFactorSuccess(user.userId);
    return user;
  }

  /**
   * For a sign-in that carries the code along with the password (the OIDC interaction):
   * throttled and audited like the second step. Throws when the code is missing or wrong.
   */
  async checkSignInCode(user: repo.UserRow, code: string | undefined, meta: RequestMeta): Promise<void> {
    if (code === undefined || code === '') {
      this.meters.signIn('oidc', 'second_factor');
      throw new AppError(401, ERROR_CODES.SECOND_FACTOR_REQUIRED, TWO_FACTOR_MESSAGES.codeRequired);
    }
    await unlessLocked(() => this.limiter.checkSecondFactor(user.userId), this.meters, 'oidc');
    if (!(await this.verifyCode(this.db, user, code))) {
      await this.limiter.recordSecondFactorFailure(user.userId, meta.ip ?? 'unknown');
      await this.wrongCode(user, meta, 'oidc');
      throw invalidCode();
    }
    await this.limiter.recordSecondFactorSuccess(user.userId);
  }

  /** A wrong second factor at sign-in: audited as a failed sign-in, and counted. */
  private async wrongCode(user: repo.UserRow, meta: RequestMeta, flow: SignInFlow): Promise<void> {
    await auditFailedSignIn(this.db, meta, {
      userId: user.userId,
      reason: 'wrong-code',
      details: { secondFactor: true },
    });
    this.meters.signIn(flow, 'failure', 'wrong-code');
  }

  private sign(body: string): string {
    return createHmac('sha256', this.challengeKey).update(body).digest('base64url');
  }

  private readChallenge(challenge: string): Challenge | null {
    const [body, mac, extra] = challenge.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Challenge;
      if (typeof payload.userId !== 'string' || typeof payload.id !== 'string') return null;
      return payload.expiresAt > Date.now() ? payload : null;
    } catch {
      return null;
    }
  }

  /** The TOTP step of `code` for the user's secret, or null when it is not a current code. */
  private totpStep(user: repo.UserRow, code: string): number | null {
    if (user.totpSecret === null || !/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
    const totp = totpFor(unseal(this.serverKey, user.totpSecret), user.username);
    const now = Date.now();
    const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
    if (delta === null) return null;
    return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
  }

  /** A TOTP code not used before (its step is recorded), or an unused recovery code (marked used). */
  private async verifyCode(db: Executor, user: repo.UserRow, code: string): Promise<boolean> {
    if (/^\d+$/.test(code)) {
      const step = this.totpStep(user, code);
      return step !== null && (await repo.advanceTotpStep(db, user.userId, step));
    }
    return repo.useRecoveryCode(db, user.userId, hashRecoveryCode(code));
  }

  private async checkProof(user: repo.UserRow, proof: TwoFactorProof, meta: RequestMeta): Promise<void> {
    await this.limiter.checkSecondFactor(user.userId);
    const ok =
      proof.code !== undefined
        ? await this.verifyCode(this.db, user, proof.code)
        : await verifyPassword(user.passwordHash, proof.password ?? '');
    if (!ok) {
      await this.limiter.recordSecondFactorFailure(user.userId, meta.ip ?? 'unknown');
      throw validationFailed(
        proof.code !== undefined
          ? { code: TWO_FACTOR_MESSAGES.invalidCode }
          : { password: MESSAGES.currentPasswordWrong },
      );
    }
    await this.limiter.recordSecondFactorSuccess(user.userId);
  }

  private async enabledUser(userId: string): Promise<repo.UserRow> {
    const user = await this.user(this.db, userId);
    if (!this.required(user)) throw refused(TWO_FACTOR_MESSAGES.notEnabled);
    return user;
  }

  private async user(db: Executor, userId: string, forUpdate = false): Promise<repo.UserRow> {
    const user = forUpdate ? await repo.findUserForUpdate(db, userId) : await repo.findUser(db, userId);
    if (!user) throw unauthenticated();
    return user;
  }
}
