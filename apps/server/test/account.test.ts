import { ACCOUNT_MESSAGES, MESSAGES } from '@gatehouse/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { build, en, fieldMessage, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});

const PROFILE = '/api/admin-service/user/profile';
const SESSIONS = '/api/admin-service/user/sessions';
const put = (token: string, payload: object) =>
  t.inject({ method: 'PUT', url: PROFILE, headers: { authorization: `Bearer ${token}` }, payload });
const del = (token: string, url: string) =>
  t.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

describe('own profile', () => {
  it('reads and saves name, email and avatar, audited', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    expect((await t.get(PROFILE, token)).json()).toMatchObject({ username: user.username, email: null });
    const res = await put(token, {
      name: '  Ada Lovelace ',
      email: 'ada@example.test',
      avatar: 'https://img.example.test/a.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      avatar: 'https://img.example.test/a.png',
    });
    expect((await t.get('/api/admin-service/user/current', token)).json().name).toBe('Ada Lovelace');
    const cleared = await put(token, { name: 'Ada', email: 'ada@example.test', avatar: '' });
    expect(cleared.json().avatar).toBeNull();
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.userId))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(record).toMatchObject({ action: 'profile.update', actorId: user.userId });
  });

  it('refuses bad email, a non-http URL, control characters and unknown fields with 400 field messages', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const base = { name: 'N', email: 'n@example.test' };
    const cases: [object, string, string][] = [
      [{ ...base, email: 'not-an-email' }, 'email', en(ACCOUNT_MESSAGES.invalidEmail)],
      [{ ...base, avatar: 'javascript:alert(1)' }, 'avatar', en(ACCOUNT_MESSAGES.invalidUrl)],
      [{ ...base, avatar: 'https://a b.example' }, 'avatar', en(ACCOUNT_MESSAGES.invalidUrl)],
      [{ ...base, name: 'Evil\u0000Name' }, 'name', en(ACCOUNT_MESSAGES.controlCharacters)],
      [{ ...base, name: 'Line\nBreak' }, 'name', en(ACCOUNT_MESSAGES.controlCharacters)],
      [
        { ...base, email: 'a@example.test\r\nBcc: x@example.test' },
        'email',
        en(ACCOUNT_MESSAGES.controlCharacters),
      ],
      [{ ...base, name: '   ' }, 'name', en(MESSAGES.required)],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldMessage(res.json(), field), JSON.stringify(body)).toBe(message);
    }
    expect((await put(token, { ...base, username: 'renamed' })).statusCode).toBe(400);
  });
});

describe('own sessions', () => {
  it('lists the live sessions with this one marked, and ends another one', async () => {
    const user = await t.createUser();
    const ua = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
    const first = await t.login(user.username, user.password);
    const loginOther = await t.post(
      '/api/oauth2-server/login',
      { username: user.username, password: user.password },
      undefined,
      { headers: ua },
    );
    const other = loginOther.json().result.token as string;

    const list = (await t.get(SESSIONS, first)).json() as {
      sessionId: string;
      current: boolean;
      userAgent: string | null;
      ip: string | null;
    }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const otherSession = list.find((s) => !s.current)!;
    expect(otherSession.userAgent).toContain('Chrome/126');
    expect(otherSession.ip).toBe('127.0.0.1');

    const res = await del(first, `${SESSIONS}/${otherSession.sessionId}`);
    expect(res.json()).toEqual({ current: false });
    expect((await t.get('/api/admin-service/user/current', other)).statusCode).toBe(401);
    expect((await t.get('/api/admin-service/user/current', first)).statusCode).toBe(200);
  });

  it("ends the current session (signing out), and cannot end someone else's", async () => {
    const user = await t.createUser();
    const stranger = await t.createUser();
    const token = await t.login(user.username, user.password);
    const strangerToken = await t.login(stranger.username, stranger.password);
    const strangerSession = (await t.get(SESSIONS, strangerToken)).json()[0].sessionId as string;
    expect((await del(token, `${SESSIONS}/${strangerSession}`)).statusCode).toBe(404);
    expect((await del(token, `${SESSIONS}/not-a-uuid`)).statusCode).toBe(404);
    expect((await t.get('/api/admin-service/user/current', strangerToken)).statusCode).toBe(200);

    const mine = (await t.get(SESSIONS, token)).json()[0].sessionId as string;
    expect((await del(token, `${SESSIONS}/${mine}`)).json()).toEqual({ current: true });
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(401);
  });
});
