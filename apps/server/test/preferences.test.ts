import { beforeAll, describe, expect, it } from 'vitest';
import { auditOf, put } from './fixtures.ts';
import { build, fieldMessages, type TestContext } from './helper.ts';

const URL = '/api/admin-service/user/preferences';
let t: TestContext;

beforeAll(async () => {
  t = await build();
});

describe('user preferences', () => {
  it('are null until chosen, in the user info of sign-in and of user/current', async () => {
    const user = await t.createUser();
    const res = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    expect(res.json().result.userInfo).toMatchObject({ language: null, theme: null });
    const token = res.json().result.token as string;
    expect((await t.get('/api/admin-service/user/current', token)).json()).toMatchObject({
      language: null,
      theme: null,
    });
  });

  it('change only the fields given, persist for the user, and are audited', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const res = await put(t, URL, { language: 'zh' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'zh', theme: null });
    expect((await put(t, URL, { theme: 'dark' }, token)).json()).toEqual({ language: 'zh', theme: 'dark' });

    expect((await t.get('/api/admin-service/user/current', token)).json()).toMatchObject({
      language: 'zh',
      theme: 'dark',
    });
    // A new session of the same user finds them too.
    const again = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    expect(again.json().result.userInfo).toMatchObject({ language: 'zh', theme: 'dark' });

    const records = (await auditOf(t.db, 'user', user.userId)).filter(
      (r) => r.action === 'preferences.update',
    );
    expect(records).toHaveLength(2);
    expect(records[1]?.before).toEqual({ language: 'zh', theme: null });
    expect(records[1]?.after).toEqual({ language: 'zh', theme: 'dark' });
  });

  it('refuses unknown values and fields with field messages, and changes nothing', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    await put(t, URL, { language: 'en', theme: 'light' }, token);
    for (const body of [{ language: 'fr' }, { theme: 'blue' }, { language: 1 }, { other: 'x' }]) {
      const res = await put(t, URL, body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await put(t, URL, { language: 'fr', theme: 'blue' }, token);
    expect(Object.keys(fieldMessages(res.json()) ?? {}).sort()).toEqual(['language', 'theme']);
    expect((await t.get('/api/admin-service/user/current', token)).json()).toMatchObject({
      language: 'en',
      theme: 'light',
    });
  });

  it('belong to the caller: without a session the answer is 401', async () => {
    expect((await put(t, URL, { language: 'zh' })).statusCode).toBe(401);
  });

  it('can be changed while a new password is pending', async () => {
    const user = await t.createUser({ mustChangePassword: true });
    const token = await t.login(user.username, user.password);
    expect((await put(t, URL, { language: 'zh' }, token)).statusCode).toBe(200);
  });

  it('keep each table as the user arranged it, for that user only, across sessions', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const token = await t.login(user.username, user.password);
    const TABLES = '/api/admin-service/user/preferences/tables';
    expect((await t.get(TABLES, token)).json()).toEqual({});
    const users = { hidden: ['email'], widths: { username: 240 } };
    const saved = await put(t, `${TABLES}/users`, users, token);
    expect(saved.statusCode).toBe(200);
    await put(t, `${TABLES}/clients`, { hidden: [], widths: {} }, token);
    await put(t, `${TABLES}/users`, { ...users, hidden: ['email', 'name'] }, token);
    const again = await t.login(user.username, user.password);
    expect((await t.get(TABLES, again)).json()).toEqual({
      users: { hidden: ['email', 'name'], widths: { username: 240 } },
      clients: { hidden: [], widths: {} },
    });
    const otherToken = await t.login(other.username, other.password);
    expect((await t.get(TABLES, otherToken)).json()).toEqual({});
    for (const body of [
      { hidden: 'email' },
      { hidden: [], widths: { a: 5 } },
      { hidden: [], widths: {}, x: 1 },
    ]) {
      expect((await put(t, `${TABLES}/users`, body, token)).statusCode).toBe(400);
    }
    expect((await put(t, `${TABLES}/bad%20name`, users, token)).statusCode).toBe(400);
  });
});
