import { DEFAULT_CONSOLE_SETTINGS } from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOf, put, tokenWith } from './fixtures.ts';
import { build, fieldMessage, type TestContext } from './helper.ts';

const URL = '/api/admin-service/settings';
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await build();
  admin = await t.login();
});

describe('console settings', () => {
  it('answers the defaults until an administrator changes them', async () => {
    const res = await t.get(URL, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_CONSOLE_SETTINGS);
  });

  it('changes only the fields given, audited, and every signed-in user reads them', async () => {
    const res = await put(t, URL, { lockSeconds: 120 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_CONSOLE_SETTINGS, lockSeconds: 120 });
    const nobody = await tokenWith(t, 'app-config.client', ['retrieve']);
    expect((await t.get(URL, nobody)).json().lockSeconds).toBe(120);
    const [record] = await auditOf(t.db, 'console-settings');
    expect(record?.before).toMatchObject({ lockSeconds: DEFAULT_CONSOLE_SETTINGS.lockSeconds });
    expect(record?.after).toMatchObject({ lockSeconds: 120 });
    await put(t, URL, { passwordMaxAgeDays: 30 }, admin);
    expect((await t.get(URL, admin)).json()).toEqual({
      ...DEFAULT_CONSOLE_SETTINGS,
      lockSeconds: 120,
      passwordMaxAgeDays: 30,
    });
  });

  it('refuses bad values and unknown fields with field messages, and changes nothing', async () => {
    const before = (await t.get(URL, admin)).json();
    for (const body of [{ lockSeconds: 1 }, { lockSeconds: 'x' }, { passwordMaxAgeDays: -1 }, { other: 1 }]) {
      const res = await put(t, URL, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(fieldMessage((await put(t, URL, { lockSeconds: 1 }, admin)).json(), 'lockSeconds')).toMatch(
      /5 seconds/,
    );
    expect((await t.get(URL, admin)).json()).toEqual(before);
  });

  it('lets only a holder of the Console Settings grant change them', async () => {
    const reader = await tokenWith(t, 'admin-setting.console-settings', ['retrieve']);
    expect((await put(t, URL, { lockSeconds: 60 }, reader)).statusCode).toBe(403);
    const writer = await tokenWith(t, 'admin-setting.console-settings', ['update']);
    expect((await put(t, URL, { lockSeconds: 60 }, writer)).statusCode).toBe(200);
  });
});
