import { languageSchema, themeSchema } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AuthState, type AuthUser, bearerToken } from '../../lib/auth-state.ts';
import { CallerCache } from '../../lib/caller-cache.ts';
import { hashToken } from '../../lib/tokens.ts';
import { callerGrants } from '../access/holdings.ts';
import { hasSecondFactor } from '../two-factor/enrolled.ts';
import * as repo from './repository.ts';

/**
 * Writes to last_seen_at at most this often per session, not on every request; more often
 * when the idle timeout is short, so another instance never takes an active session for idle.
 */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Options of one resolution. */
export type ResolveOptions = {
  /**
   * Accepts a session that has been idle longer than the idle timeout (the unlock of the
   * inactivity lock, which asks for the password again). Every other caller gets null.
   */
  allowIdle?: boolean;
};

function toAuthUser(row: repo.UserRow): AuthUser {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    mustChangePassword: row.mustChangePassword,
    // A value the console no longer offers reads as not chosen.
    language: languageSchema.safeParse(row.language).data ?? null,
    theme: themeSchema.safeParse(row.theme).data ?? null,
  };
}

type PasswordAge = Pick<repo.UserRow, 'mustChangePassword' | 'passwordChangedAt' | 'passwordSet'>;

/** A caller as the cache keeps it: all but `passwordExpired`, which the clock decides. */
export type CachedCaller = {
  state: Omit<AuthState, 'passwordExpired'>;
  password: PasswordAge;
  /** When the session's last_seen_at was last written, in ms. */
  lastSeenAt: number;
  /** The last request this instance accepted with the session, in ms; idleness counts from it. */
  activeAt: number;
};

/**
 * Session resolution: who a bearer token belongs to and what their roles grant. It sits
 * below the modules so the access guards and the auth module read the caller the same way.
 */
export class SessionResolver {
  /**
   * `passwordMaxAgeDays` reads the policy's maximum age (console settings; 0 is none), for
   * `passwordExpired`. `idleSeconds` reads the idle timeout: a session unused for longer
   * answers as ended (0 is none). `cache` keeps callers between requests while it hears the
   * database's changes; without one, every request reads its caller afresh.
   */
  constructor(
    private readonly db: Database,
    private readonly passwordMaxAgeDays: () => Promise<number> = async () => 0,
    readonly cache: CallerCache<CachedCaller> = new CallerCache(),
    private readonly idleSeconds: () => Promise<number> = async () => 0,
  ) {}

  /** Makes an idle session active again: its user has just given the password. */
  async revive(sessionId: string): Promise<void> {
    await repo.touchSession(this.db, sessionId);
  }

  /** The caller of an `Authorization: Bearer` header, or null when it names no live session. */
  async resolve(authorization: string | undefined, options: ResolveOptions = {}): Promise<AuthState | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    let caller = this.cache.get(tokenHash, now);
    if (!caller) {
      const generation = this.cache.begin();
      const read = await this.readCaller(tokenHash);
      if (!read) return null;
      caller = read.caller;
      this.cache.set(tokenHash, caller, read.expiresAt, generation);
    }
    const idleMs = (await this.idleSeconds()) * 1000;
    if (idleMs > 0 && now - caller.activeAt > idleMs) {
      // Another instance may have served the session since: its last_seen_at says so.
      const seen = await repo.findLastSeen(this.db, caller.state.sessionId);
      if (seen) caller.activeAt = Math.max(caller.activeAt, seen.getTime());
      // Idle: the session stays (the lock's unlock may revive it with the password, see
      // `revive`) but serves nothing else, and no attempt makes it active again.
      if (now - caller.activeAt > idleMs) {
        if (!options.allowIdle) return null;
        return { ...caller.state, passwordExpired: await this.isPasswordExpired(caller.password) };
      }
    }
    caller.activeAt = now;
    const touchEvery = idleMs > 0 ? Math.min(TOUCH_INTERVAL_MS, idleMs / 4) : TOUCH_INTERVAL_MS;
    if (now - caller.lastSeenAt > touchEvery) {
      caller.lastSeenAt = now;
      await repo.touchSession(this.db, caller.state.sessionId);
    }
    return { ...caller.state, passwordExpired: await this.isPasswordExpired(caller.password) };
  }

  /** The live session of `tokenHash` and its caller, from the database; undefined when none. */
  async readCaller(tokenHash: string): Promise<{ caller: CachedCaller; expiresAt: number } | undefined> {
    const found = await repo.findLiveSession(this.db, tokenHash);
    if (!found) return undefined;
    return {
      caller: {
        state: await this.grantsOf(found.user, found.session.sessionId),
        password: {
          mustChangePassword: found.user.mustChangePassword,
          passwordChangedAt: found.user.passwordChangedAt,
          passwordSet: found.user.passwordSet,
        },
        lastSeenAt: found.session.lastSeenAt.getTime(),
        activeAt: found.session.lastSeenAt.getTime(),
      },
      expiresAt: found.session.expiresAt.getTime(),
    };
  }

  /** The user with the grants of all their enabled roles merged, as a request sees them. */
  async stateFor(user: repo.UserRow, sessionId: string): Promise<AuthState> {
    return { ...(await this.grantsOf(user, sessionId)), passwordExpired: await this.isPasswordExpired(user) };
  }

  private async grantsOf(user: repo.UserRow, sessionId: string): Promise<Omit<AuthState, 'passwordExpired'>> {
    const { roleRequiresTwoFactor, ...grants } = await callerGrants(this.db, user.userId);
    return {
      sessionId,
      user: toAuthUser(user),
      ...grants,
      twoFactorEnrolmentRequired: roleRequiresTwoFactor && !hasSecondFactor(user),
    };
  }

  /** Older than the maximum age; a password the user must replace anyway is not also "expired". */
  async isPasswordExpired(user: PasswordAge): Promise<boolean> {
    if (user.mustChangePassword) return false;
    // A user an identity provider made has no password of their own to age: none was ever set.
    if (!user.passwordSet) return false;
    const days = await this.passwordMaxAgeDays();
    return days > 0 && Date.now() - user.passwordChangedAt.getTime() > days * 86_400_000;
  }
}
