import {
  ERROR_CODES,
  formatMessage,
  type Language,
  type Message,
  m,
  PASSWORD_MESSAGES,
  type PasswordResetRequest,
  RESET_LINK_MINUTES,
} from '@gatehouse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { type AuditContext, afterCommit, audit, auditedChange } from '../../lib/audit.ts';
import type { RequestMeta } from '../../lib/auth-state.ts';
import { AppError, validationFailed } from '../../lib/errors.ts';
import { readerLanguage } from '../../lib/language.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashToken, newSessionToken } from '../../lib/tokens.ts';
import { isActive } from '../access/repository.ts';
import type { RequestLimiter } from '../auth/limiters.ts';
import { endOidcAccess } from '../oidc/repository.ts';
import { hashPassword } from '../passwords/hashing.ts';
import { assertPasswordPolicy } from '../passwords/policy.ts';
import { storePassword } from '../passwords/repository.ts';
import * as repo from './repository.ts';

export type PasswordResetDeps = {
  limiter: RequestLimiter;
  /** Null without SMTP_URL: the link goes to the log instead. */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Where the links in emails point; configuration only, never a request's Host. */
  links: LinkOrigins;
};

export type LinkOrigins = {
  /** GATEHOUSE_PUBLIC_URL: when set, the origin of every link. */
  publicUrl: string | undefined;
  /** NODE_ENV=production: without `publicUrl` no link is issued. */
  production: boolean;
  /**
   * In development without `publicUrl`: the server's own configured address (HOST, PORT),
   * replaced by the listening address once the server listens (`setListeningOrigin`).
   */
  ownOrigin: string;
};

/** A production server without GATEHOUSE_PUBLIC_URL has nowhere safe to point a link at. */
const linksNotConfigured = () =>
  new AppError(503, ERROR_CODES.UNAVAILABLE, PASSWORD_MESSAGES.resetLinksNotConfigured);

const RESET_PATH = '/reset-password';

export function resetLink(origin: string, token: string): string {
  return `${origin}${RESET_PATH}?${new URLSearchParams({ token })}`;
}

/** The reset email in `language`: its subject and its text. */
function resetMail(name: string, link: string, language: Language): { subject: string; text: string } {
  const say = (message: Message) => formatMessage(message, language);
  return {
    subject: say(m('mail.reset.subject')),
    text: [
      say(m('mail.greeting', { name })),
      '',
      say(m('mail.reset.body')),
      '',
      link,
      '',
      say(m('mail.reset.ignore', { minutes: RESET_LINK_MINUTES })),
    ].join('\n'),
  };
}

/** An account whose email address changes, as it was before. */
export type EmailChange = {
  userId: string;
  username: string;
  name: string;
  /** The address before the change. */
  email: string | null;
  /** The account's language preference, which the notice is written in (null: English). */
  language?: string | null;
};

/** Email addresses compare without regard to case or surrounding blanks, as /forget finds them. */
const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a?.trim().toLowerCase() || null) === (b?.trim().toLowerCase() || null);

/** The notice to the old address in `language`: its subject and its text. */
function emailChangedMail(
  name: string,
  username: string,
  byThemselves: boolean,
  language: Language,
): { subject: string; text: string } {
  const say = (message: Message) => formatMessage(message, language);
  return {
    subject: say(m('mail.emailChanged.subject')),
    text: [
      say(m('mail.greeting', { name })),
      '',
      say(m(byThemselves ? 'mail.emailChanged.bySelf' : 'mail.emailChanged.byAdministrator', { username })),
      '',
      say(m('mail.emailChanged.contact')),
    ].join('\n'),
  };
}

/**
 * The password lifecycle's self-service part: /forget sends a single-use link that expires
 * in 30 minutes, /reset-password sets the new password from it.
 */
export class PasswordResetService {
  /** Links being issued and sent: the answer does not wait for them (see `requestLink`). */
  private readonly pending = new Set<Promise<void>>();
  private ownOrigin: string;

  constructor(
    private readonly db: Database,
    private readonly deps: PasswordResetDeps,
  ) {
    this.ownOrigin = deps.links.ownOrigin;
  }

  /** The listening address (with the port PORT=0 chose), for development's links. */
  setListeningOrigin(origin: string): void {
    this.ownOrigin = origin;
  }

  /** The origin of emailed links, or undefined when production has none configured. */
  linkOrigin(): string | undefined {
    const { publicUrl, production } = this.deps.links;
    return publicUrl ?? (production ? undefined : this.ownOrigin);
  }

  /**
   * Counts the request against the limits, then issues and sends the link in the
   * background. The caller answers the same way at once whether or not an account matched:
   * neither the status, the body nor the time (no lookup, insert or SMTP exchange is waited
   * for) tells who has an account. Without an origin for the link (production without
   * GATEHOUSE_PUBLIC_URL) every request is refused alike, before anything is counted.
   */
  async requestLink(account: string, meta: RequestMeta, acceptLanguage?: string): Promise<void> {
    const origin = this.linkOrigin();
    if (origin === undefined) throw linksNotConfigured();
    await this.deps.limiter.take(account, meta.ip ?? 'unknown');
    this.track(
      this.issueLinks(account, origin, meta, acceptLanguage),
      'Issuing a password reset link failed',
    );
  }

  /** Resolves once the links and notices asked for so far are issued and sent (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Runs `job` in the background, reporting its failure, and keeps it until it settles. */
  private track(job: Promise<void>, failure: string): void {
    const tracked = job.catch((err: unknown) => {
      this.deps.log.error({ err }, failure);
    });
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  /**
   * The account's email address changes to `newEmail`, in `tx`, the transaction of an
   * `auditedChange` (an administrator's edit, the user's own profile). The open reset links
   * went to the old address, so they expire in the same transaction, with an audit record;
   * once it commits, the old address is told: by email with SMTP_URL, else in a log line for
   * the operator, as reset links are. Nothing happens when the address stays the same.
   */
  async emailChanged(
    tx: Transaction,
    ctx: AuditContext,
    account: EmailChange,
    newEmail: string | null,
  ): Promise<void> {
    if (sameAddress(account.email, newEmail)) return;
    const oldAddress = account.email?.trim() || null;
    const cancelledResetLinks = await repo.expireOpenTokens(tx, account.userId);
    const told = oldAddress === null ? null : this.deps.mailer ? 'email' : 'log';
    await audit(tx, ctx, {
      entity: 'user',
      action: 'email.change',
      entityId: account.userId,
      before: { email: account.email },
      after: { email: newEmail, cancelledResetLinks, oldAddressTold: told },
    });
    if (oldAddress === null) return;
    const byThemselves = ctx.actorId === account.userId;
    afterCommit(tx, () =>
      this.track(
        this.tellOldAddress(account, oldAddress, byThemselves),
        'Telling the old address of an email change failed',
      ),
    );
  }

  private async tellOldAddress(
    account: EmailChange,
    oldAddress: string,
    byThemselves: boolean,
  ): Promise<void> {
    const { userId, username } = account;
    if (!this.deps.mailer) {
      // No SMTP_URL: the operator tells the old address; one info line says so.
      this.deps.log.info({ userId, username, oldAddress }, 'Email address changed: tell the old address');
      return;
    }
    // Written in the account's language: the change may be an administrator's, whose
    // browser says nothing of the reader's.
    const language = readerLanguage(account.language);
    await this.deps.mailer.send({
      to: oldAddress,
      ...emailChangedMail(account.name || username, username, byThemselves, language),
    });
  }

  /** Each email is in the account's language, else the one the request asked for. */
  private async issueLinks(
    account: string,
    origin: string,
    meta: RequestMeta,
    acceptLanguage: string | undefined,
  ): Promise<void> {
    for (const user of await repo.enabledAccountsNamed(this.db, account)) {
      const token = newSessionToken();
      const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000);
      const actor = { ...meta, actorId: user.userId, actorName: user.username };
      await auditedChange(this.db, actor, { entity: 'user', action: 'password.reset-link' }, async (tx) => {
        await repo.insertToken(tx, { tokenHash: hashToken(token), userId: user.userId, expiresAt });
        return { entityId: user.userId, after: { expiresAt, by: this.deps.mailer ? 'email' : 'log' } };
      });
      const link = resetLink(origin, token);
      if (!this.deps.mailer) {
        // No SMTP_URL: the operator hands the link over; one info line carries it.
        this.deps.log.info({ userId: user.userId, username: user.username }, `Password reset link: ${link}`);
        continue;
      }
      if (!user.email) {
        this.deps.log.warn(
          { userId: user.userId },
          'A password reset was asked for an account without an email',
        );
        continue;
      }
      await this.deps.mailer.send({
        to: user.email,
        ...resetMail(user.name || user.username, link, readerLanguage(user.language, acceptLanguage)),
      });
    }
  }

  /**
   * Sets the new password from a link: the token must be unused and unexpired, the policy
   * applies, the token is spent, and every session of the user ends, their OIDC access too.
   * Audited.
   */
  async reset(input: PasswordResetRequest, meta: RequestMeta): Promise<void> {
    const ip = meta.ip ?? 'unknown';
    // Wrong links are limited per IP (429 once spent), so links cannot be guessed at speed.
    await this.deps.limiter.checkFailures(ip);
    const refuse = async (message: Message) => {
      await this.deps.limiter.recordFailure(ip);
      return validationFailed({ token: message });
    };
    const tokenHash = hashToken(input.token);
    const token = await repo.findToken(this.db, tokenHash);
    if (!token) throw await refuse(PASSWORD_MESSAGES.resetLinkInvalid);
    if (token.usedAt) throw await refuse(PASSWORD_MESSAGES.resetLinkUsed);
    if (token.expiresAt.getTime() <= Date.now()) throw await refuse(PASSWORD_MESSAGES.resetLinkExpired);
    const user = await repo.findUser(this.db, token.userId);
    if (!user || !isActive(user)) throw await refuse(PASSWORD_MESSAGES.resetLinkInvalid);
    const policy = await assertPasswordPolicy(this.db, input.newPassword, {
      username: user.username,
      userId: user.userId,
      currentHash: user.passwordHash,
    });
    const passwordHash = await hashPassword(input.newPassword);
    const actor = { ...meta, actorId: user.userId, actorName: user.username };
    await auditedChange(this.db, actor, { entity: 'user', action: 'password.reset-by-link' }, async (tx) => {
      // Spent in the same statement that checks it, so a link cannot be used twice at once.
      if (!(await repo.spendToken(tx, tokenHash)))
        throw validationFailed({ token: PASSWORD_MESSAGES.resetLinkUsed });
      await repo.spendOpenTokens(tx, user.userId);
      await storePassword(tx, user.userId, passwordHash, {
        mustChangePassword: false,
        keep: policy.historyCount,
      });
      const endedSessions = await repo.endAllSessions(tx, user.userId);
      const endedOidcSessionsAndGrants = await endOidcAccess(tx, [user.userId]);
      return {
        entityId: user.userId,
        before: { mustChangePassword: user.mustChangePassword },
        after: { mustChangePassword: false, endedSessions, endedOidcSessionsAndGrants },
      };
    });
  }
}
