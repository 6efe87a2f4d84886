import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ERROR_CODES, formatMessage, m, PASSWORD_MESSAGES, PASSWORD_POLICY } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { auditLog, passwordResetTokens, sessions, users } from '../src/db/schema/index.ts';
import { afterCommit, auditedChange } from '../src/lib/audit.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { put } from './fixtures.ts';
import { build, en, fieldMessage, median, type TestContext } from './helper.ts';

/** A real SMTP server on an ephemeral port; every mail it receives is parsed and kept. */
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

const PUBLIC_URL = 'https://iam.example.test';

let t: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await build({
    config: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Gatehouse <gatehouse@example.test>',
      publicUrl: PUBLIC_URL,
      forgetRateLimit: { perAccount: 3, perIp: 100, windowSeconds: 900 },
    },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const FORGET = '/api/oauth2-server/forget-password';
const RESET = '/api/oauth2-server/reset-password';

async function userWithEmail(email: string) {
  const user = await t.createUser({ password: 'before-reset-pw1' });
  await t.db.update(users).set({ email }).where(eq(users.userId, user.userId));
  return user;
}

/** Asks for a link and returns the token of the mail it brought. */
async function linkFor(account: string, to: string): Promise<{ token: string; mail: ParsedMail }> {
  const before = received.length;
  const res = await t.post(FORGET, { account }, undefined, {
    headers: { host: 'console.example.test:8443' },
  });
  expect(res.statusCode).toBe(200);
  await t.app.services.passwordReset.settled();
  const mail = received.slice(before).find((m) => m.to && JSON.stringify(m.to).includes(to));
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.text ?? '')?.[0];
  expect(link).toBeDefined();
  return { token: new URL(link!).searchParams.get('token')!, mail: mail! };
}

describe('/forget', () => {
  it('sends a reset link by email over SMTP, to the account a username or an email names', async () => {
    const user = await userWithEmail('reader@example.test');
    const byName = await linkFor(user.username, 'reader@example.test');
    expect(byName.mail.subject).toBe('Reset your Gatehouse password');
    expect(JSON.stringify(byName.mail.from)).toContain('gatehouse@example.test');
    expect(byName.mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(byName.mail.text).toContain('30 minutes');
    const byEmail = await linkFor('READER@example.test', 'reader@example.test');
    expect(byEmail.token).not.toBe(byName.token);
    // Only the digest is stored, with a 30-minute expiry.
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(byEmail.token)));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });

  it("writes the mail in the account's language, else the one the request asks for", async () => {
    const reader = await userWithEmail('zh-reader@example.test');
    await t.db.update(users).set({ language: 'zh', name: '李雷' }).where(eq(users.userId, reader.userId));
    const { mail } = await linkFor(reader.username, 'zh-reader@example.test');
    expect(mail.subject).toBe(formatMessage(m('mail.reset.subject'), 'zh'));
    expect(mail.text).toContain(formatMessage(m('mail.greeting', { name: '李雷' }), 'zh'));
    expect(mail.text).toContain(formatMessage(m('mail.reset.ignore', { minutes: 30 }), 'zh'));
    expect(mail.text).not.toContain('Someone asked');

    // No preference: the browser that asked for the link decides.
    const browser = await userWithEmail('browser-zh@example.test');
    const before = received.length;
    await t.post(FORGET, { account: browser.username }, undefined, {
      headers: { 'accept-language': 'zh-CN' },
    });
    await t.app.services.passwordReset.settled();
    const asked = received
      .slice(before)
      .find((one) => JSON.stringify(one.to).includes('browser-zh@example.test'));
    expect(asked?.subject).toBe(formatMessage(m('mail.reset.subject'), 'zh'));
    // A preference for English wins over the browser.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.userId, browser.userId));
    const after = received.length;
    await t.post(FORGET, { account: browser.username }, undefined, {
      headers: { 'accept-language': 'zh-CN' },
    });
    await t.app.services.passwordReset.settled();
    expect(
      received.slice(after).find((one) => JSON.stringify(one.to).includes('browser-zh@example.test'))
        ?.subject,
    ).toBe('Reset your Gatehouse password');
  });

  it('answers an unknown account exactly as a known one, and sends nothing', async () => {
    const user = await userWithEmail('known@example.test');
    const known = await t.post(FORGET, { account: user.username });
    await t.app.services.passwordReset.settled();
    const before = received.length;
    const unknown = await t.post(FORGET, { account: 'nobody-has-this-name' });
    await t.app.services.passwordReset.settled();
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: en(PASSWORD_MESSAGES.resetLinkSent) });
    expect(received.length).toBe(before);
  });

  it('answers without waiting for the mail, so the time tells nothing', async () => {
    const user = await userWithEmail('timing@example.test');
    const time = async (account: string) => {
      const start = performance.now();
      await t.post(FORGET, { account });
      return performance.now() - start;
    };
    // Warm up both paths, then compare medians of a few runs each.
    await time('warm-up-name');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 2; i++) {
      known.push(await time(user.username));
      unknown.push(await time(`no-such-user-${i}`));
    }
    await t.app.services.passwordReset.settled();
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
  });

  it('limits requests per account identifier (429 with Retry-After), whether or not it exists', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.post(FORGET, { account: 'limited-name' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await t.post(FORGET, { account: 'limited-name' });
    expect(res.json().code).toBe(ERROR_CODES.RATE_LIMITED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.post(FORGET, { account: 'another-name' })).statusCode).toBe(200);
  });

  it('refuses an empty identifier with a field message', async () => {
    const res = await t.post(FORGET, { account: '  ' });
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res.json(), 'account')).toBeDefined();
  });
});

describe('/reset-password', () => {
  it('sets the new password once, ends every session, and is audited', async () => {
    const user = await userWithEmail('resetter@example.test');
    const session = await t.login(user.username, user.password);
    const { token } = await linkFor(user.username, 'resetter@example.test');

    const weak = await t.post(RESET, { token, newPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(fieldMessage(weak.json(), 'newPassword')).toBe(en(PASSWORD_MESSAGES.common));
    const reused = await t.post(RESET, { token, newPassword: user.password });
    expect(fieldMessage(reused.json(), 'newPassword')).toBe(
      en(PASSWORD_MESSAGES.reused(PASSWORD_POLICY.historyCount)),
    );

    const res = await t.post(RESET, { token, newPassword: 'after-reset-pw-1' });
    expect(res.statusCode).toBe(200);
    expect((await t.get('/api/admin-service/user/current', session)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
    await t.login(user.username, 'after-reset-pw-1');
    const login = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.statusCode).toBe(401);

    const again = await t.post(RESET, { token, newPassword: 'after-reset-pw-2' });
    expect(again.statusCode).toBe(400);
    expect(fieldMessage(again.json(), 'token')).toBe(en(PASSWORD_MESSAGES.resetLinkUsed));

    const records = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(records.map((r) => r.action)).toEqual(
      expect.arrayContaining(['password.reset-link', 'password.reset-by-link']),
    );
  });

  it('a reset also clears a pending initial password, and spends the other open links', async () => {
    const user = await userWithEmail('pending@example.test');
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.userId, user.userId));
    const first = await linkFor(user.username, 'pending@example.test');
    const second = await linkFor(user.username, 'pending@example.test');
    expect((await t.post(RESET, { token: second.token, newPassword: 'pending-reset-pw' })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row!.mustChangePassword).toBe(false);
    const stale = await t.post(RESET, { token: first.token, newPassword: 'pending-reset-pw2' });
    expect(fieldMessage(stale.json(), 'token')).toBe(en(PASSWORD_MESSAGES.resetLinkUsed));
  });

  it('refuses an expired link and an unknown one with their own messages', async () => {
    const user = await userWithEmail('late@example.test');
    const { token } = await linkFor(user.username, 'late@example.test');
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const expired = await t.post(RESET, { token, newPassword: 'too-late-password' });
    expect(expired.statusCode).toBe(400);
    expect(fieldMessage(expired.json(), 'token')).toBe(en(PASSWORD_MESSAGES.resetLinkExpired));
    const unknown = await t.post(RESET, { token: 'not-a-real-token', newPassword: 'too-late-password' });
    expect(fieldMessage(unknown.json(), 'token')).toBe(en(PASSWORD_MESSAGES.resetLinkInvalid));
    const missing = await t.post(RESET, { newPassword: 'too-late-password' });
    expect(missing.statusCode).toBe(400);
    expect(fieldMessage(missing.json(), 'token')).toBeDefined();
  });
});

/** The server's log as parsed lines, written by the real logger. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

/** The reset links a server without SMTP_URL wrote to its log. */
const loggedLinks = (lines: Record<string, unknown>[]) =>
  lines
    .map((line) => /^Password reset link: (\S+)$/.exec(String(line.msg))?.[1])
    .filter((link): link is string => link !== undefined);

/** Headers a client chooses, which must never become the origin of a link. */
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

describe("the link's origin comes from the configuration, never from the request", () => {
  it('GATEHOUSE_PUBLIC_URL, whatever Host the request names', async () => {
    const user = await userWithEmail('poisoned@example.test');
    const before = received.length;
    const res = await t.post(FORGET, { account: user.username }, undefined, { headers: FORGED });
    expect(res.statusCode).toBe(200);
    await t.app.services.passwordReset.settled();
    const mail = received.slice(before).find((m) => JSON.stringify(m.to).includes('poisoned@example.test'));
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail?.text).not.toContain('evil.example');
  });

  it("in development without it, the server's own address (HOST, PORT, then the listening one), even behind a trusted proxy", async () => {
    const log = capturedLog();
    const local = await build({ logger: log.logger, config: { trustProxy: true, host: '127.0.0.1' } });
    try {
      const user = await local.createUser();
      expect(
        (await local.post(FORGET, { account: user.username }, undefined, { headers: FORGED })).statusCode,
      ).toBe(200);
      await local.app.services.passwordReset.settled();
      expect(loggedLinks(log.lines)).toEqual([
        expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\/reset-password\?token=/),
      ]);

      await local.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = local.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${FORGET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...FORGED },
        body: JSON.stringify({ account: user.username }),
      });
      expect(res.status).toBe(200);
      await local.app.services.passwordReset.settled();
      expect(loggedLinks(log.lines)[1]).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/reset-password\\?token=`),
      );
      expect(loggedLinks(log.lines).join(' ')).not.toContain('evil.example');
    } finally {
      await local.close();
    }
  });

  it('in production without it, every request is refused alike (503 naming it), nothing is sent, and the start warns once', async () => {
    const log = capturedLog();
    const local = await build({ logger: log.logger, config: { production: true, publicUrl: undefined } });
    try {
      const warnings = log.lines.filter((line) => String(line.msg).includes('GATEHOUSE_PUBLIC_URL'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.level).toBe(40);
      const user = await local.createUser();
      const known = await local.post(FORGET, { account: user.username }, undefined, { headers: FORGED });
      const unknown = await local.post(FORGET, { account: 'nobody-has-this-name' });
      await local.app.services.passwordReset.settled();
      for (const res of [known, unknown]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: ERROR_CODES.UNAVAILABLE,
          message: en(PASSWORD_MESSAGES.resetLinksNotConfigured),
        });
      }
      expect(en(PASSWORD_MESSAGES.resetLinksNotConfigured)).toContain('GATEHOUSE_PUBLIC_URL');
      const { requestId: _known, ...knownBody } = known.json();
      const { requestId: _unknown, ...unknownBody } = unknown.json();
      expect(knownBody).toEqual(unknownBody);
      expect(loggedLinks(log.lines)).toEqual([]);
      expect(await local.db.select().from(passwordResetTokens)).toEqual([]);
    } finally {
      await local.close();
    }
  });

  it('in production with it, links are issued on it', async () => {
    const log = capturedLog();
    const local = await build({
      logger: log.logger,
      config: { production: true, publicUrl: 'https://iam.example.com' },
    });
    try {
      const user = await local.createUser();
      expect(
        (await local.post(FORGET, { account: user.username }, undefined, { headers: FORGED })).statusCode,
      ).toBe(200);
      await local.app.services.passwordReset.settled();
      expect(loggedLinks(log.lines)).toEqual([
        expect.stringMatching(/^https:\/\/iam\.example\.com\/reset-password\?token=/),
      ]);
      expect(log.lines.some((line) => String(line.msg).includes('GATEHOUSE_PUBLIC_URL is not set'))).toBe(
        false,
      );
    } finally {
      await local.close();
    }
  });

  it('reads NODE_ENV, and GATEHOUSE_PUBLIC_URL only as an http(s) origin', () => {
    expect(loadConfig({}).production).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ GATEHOUSE_PUBLIC_URL: 'https://IAM.example.com/' }).publicUrl).toBe(
      'https://iam.example.com',
    );
    expect(loadConfig({ GATEHOUSE_PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    for (const value of [
      'iam.example.com',
      'ftp://iam.example.com',
      'https://iam.example.com/console',
      'https://iam.example.com/?x=1',
      'https://iam.example.com/#top',
      'https://user:pw@iam.example.com',
    ])
      expect(() => loadConfig({ GATEHOUSE_PUBLIC_URL: value }), value).toThrow(/GATEHOUSE_PUBLIC_URL/);
  });
});

describe('without SMTP_URL', () => {
  it('writes one info line with the link to the log', async () => {
    const local = await build();
    try {
      const user = await local.createUser();
      const info = vi.spyOn(local.app.log, 'info');
      const res = await local.post(FORGET, { account: user.username });
      expect(res.json()).toEqual({ message: en(PASSWORD_MESSAGES.resetLinkSent) });
      await local.app.services.passwordReset.settled();
      const lines = info.mock.calls.map(
        (call) => call.find((a) => typeof a === 'string') as string | undefined,
      );
      const line = lines.find((l) => l?.includes('/reset-password?token='));
      expect(line).toMatch(/^Password reset link: http:\/\/127\.0\.0\.1:8080\/reset-password\?token=[\w-]+$/);
      const token = new URL(line!.replace('Password reset link: ', '')).searchParams.get('token')!;
      expect((await local.post(RESET, { token, newPassword: 'from-the-log-pw' })).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('a changed email address', () => {
  const USER_V2 = '/api/admin-service/v2/user';
  const PROFILE = '/api/admin-service/user/profile';
  const mailsTo = (address: string, since: number) =>
    received.slice(since).filter((m) => JSON.stringify(m.to).includes(address));
  const emailChangeRecords = async (userId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId))).filter(
      (r) => r.action === 'email.change',
    );
  const adminEdit = async (user: { userId: string; name: string }, email: string) => {
    const res = await put(t, USER_V2, { userId: user.userId, name: user.name, email }, await t.login());
    expect(res.statusCode, res.body).toBe(200);
  };

  it("an administrator's edit ends the open reset links and tells the old address by email", async () => {
    const user = await userWithEmail('before-admin@example.test');
    const { token } = await linkFor(user.username, 'before-admin@example.test');
    const since = received.length;
    await adminEdit(user, 'after-admin@example.test');
    await t.app.services.passwordReset.settled();

    const stale = await t.post(RESET, { token, newPassword: 'not-after-change-1' });
    expect(stale.statusCode).toBe(400);
    expect(fieldMessage(stale.json(), 'token')).toBe(en(PASSWORD_MESSAGES.resetLinkExpired));
    const [notice, ...more] = mailsTo('before-admin@example.test', since);
    expect(more).toEqual([]);
    expect(notice?.subject).toBe('Your Gatehouse email address was changed');
    expect(notice?.text).toContain(`account ${user.username} was changed by an administrator`);
    expect(notice?.text).not.toContain('after-admin@example.test');
    expect(mailsTo('after-admin@example.test', since)).toEqual([]);
    expect(await emailChangeRecords(user.userId)).toMatchObject([
      {
        before: { email: 'before-admin@example.test' },
        after: { email: 'after-admin@example.test', cancelledResetLinks: 1, oldAddressTold: 'email' },
      },
    ]);
    // A link asked for now goes to the new address and works.
    const fresh = await linkFor(user.username, 'after-admin@example.test');
    expect((await t.post(RESET, { token: fresh.token, newPassword: 'after-change-pw-1' })).statusCode).toBe(
      200,
    );
  });

  it("the user's own profile does the same", async () => {
    const user = await userWithEmail('before-own@example.test');
    const { token } = await linkFor(user.username, 'before-own@example.test');
    const session = await t.login(user.username, user.password);
    const since = received.length;
    const res = await put(t, PROFILE, { name: user.name, email: 'after-own@example.test' }, session);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.services.passwordReset.settled();
    expect(
      fieldMessage((await t.post(RESET, { token, newPassword: 'not-after-change-2' })).json(), 'token'),
    ).toBe(en(PASSWORD_MESSAGES.resetLinkExpired));
    const [notice] = mailsTo('before-own@example.test', since);
    expect(notice?.text).toContain(`account ${user.username} was changed from its profile`);
    expect(await emailChangeRecords(user.userId)).toMatchObject([
      { after: { cancelledResetLinks: 1, oldAddressTold: 'email' } },
    ]);
  });

  it('an edit that keeps the address (its case aside) ends nothing and tells no one', async () => {
    const user = await userWithEmail('kept@example.test');
    const { token } = await linkFor(user.username, 'kept@example.test');
    const since = received.length;
    await adminEdit(user, 'KEPT@example.test');
    await t.app.services.passwordReset.settled();
    expect(received.length).toBe(since);
    expect(await emailChangeRecords(user.userId)).toEqual([]);
    expect((await t.post(RESET, { token, newPassword: 'kept-address-pw-1' })).statusCode).toBe(200);
  });

  it('without SMTP_URL, the old address is named in a log line for the operator', async () => {
    const log = capturedLog();
    const local = await build({ logger: log.logger });
    try {
      const user = await local.createUser();
      await local.db
        .update(users)
        .set({ email: 'logged-old@example.test' })
        .where(eq(users.userId, user.userId));
      const session = await local.login(user.username, user.password);
      const res = await local.inject({
        method: 'PUT',
        url: PROFILE,
        headers: { authorization: `Bearer ${session}` },
        payload: { name: user.name, email: 'logged-new@example.test' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await local.app.services.passwordReset.settled();
      expect(
        log.lines.filter((line) => line.msg === 'Email address changed: tell the old address'),
      ).toMatchObject([
        { userId: user.userId, username: user.username, oldAddress: 'logged-old@example.test' },
      ]);
    } finally {
      await local.close();
    }
  });

  it('what a change queues with afterCommit runs once it commits, never after a rollback', async () => {
    const ran: string[] = [];
    const ctx = { actorId: null, actorName: null, ip: null, requestId: null };
    await expect(
      auditedChange(t.db, ctx, { entity: 'user', action: 'rolled-back' }, async (tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await auditedChange(t.db, ctx, { entity: 'user', action: 'committed' }, async (tx) => {
      afterCommit(tx, () => ran.push('committed'));
      expect(ran).toEqual([]);
      return { entityId: 'x', after: {} };
    });
    expect(ran).toEqual(['committed']);
    await expect(t.db.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(/auditedChange/);
  });
});
