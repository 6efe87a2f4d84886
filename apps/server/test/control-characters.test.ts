import { CONTROL_CHARACTERS, ERROR_CODES, MESSAGES } from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterFields } from '../src/plugins/control-characters.ts';
import { createApplication } from './fixtures.ts';
import { ADMIN_PASSWORD, build, byField, en, type TestContext } from './helper.ts';

/** Issue 12, defect 2: a control character in any text is a 400 naming the field, never a 500. */

let t: TestContext;
let admin: string;
let app: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  app = await createApplication(t.db, 'controls-app');
});

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(byField(res.json())).toMatchObject({
    code: ERROR_CODES.VALIDATION,
    fields: { [field]: en(MESSAGES.controlCharacters) },
    requestId: expect.any(String),
  });
}

describe('controlCharacterFields', () => {
  it('finds controls at any depth and in field names, without recursion', () => {
    expect(
      controlCharacterFields({ a: { deep: ['ok', 'x\u0000'] }, 'k\u0001': 1 }, CONTROL_CHARACTERS),
    ).toEqual({
      'a.deep.1': en(MESSAGES.controlCharacters),
      '': en(MESSAGES.controlCharacters),
    });
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.keys(controlCharacterFields(deep, CONTROL_CHARACTERS))).toHaveLength(1);
  });
});

describe('control characters', () => {
  it('refuses a NUL in the sign-in username before the failure counter sees it', async () => {
    // More refused attempts than the account's failure budget: none of them may count.
    for (let i = 0; i < 12; i++) {
      const res = await t.post('/api/oauth2-server/login', { username: 'ad\u0000min', password: 'wrong' });
      expectRefused(res, 'username');
    }
    const res = await t.post('/api/oauth2-server/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    [
      'data access name',
      '/api/admin-service/data/access',
      'name',
      () => ({ id: 'nul-1', category: 'c', applicationId: app }),
    ],
    ['client name', '/api/admin-service/v2/application/client', 'clientName', () => ({ applicationId: app })],
    [
      'application description',
      '/api/admin-service/v2/application',
      'description',
      () => ({ applicationId: 'nul-app', name: 'Nul' }),
    ],
  ])('refuses a NUL in a %s', async (_label, url, field, rest) => {
    const res = await t.post(url, { ...rest(), [field]: 'x\u0000y' }, admin);
    expectRefused(res, field);
  });

  it('refuses a NUL in a client redirect URL', async () => {
    const res = await t.post(
      '/api/admin-service/v2/application/client',
      { clientName: 'Nul', redirectUrl: 'https://example.com/\u0000', applicationId: app },
      admin,
    );
    expectRefused(res, 'redirectUrl');
  });

  it('refuses other controls in one-line text but keeps line breaks in a description', async () => {
    const bell = await t.post(
      '/api/admin-service/data/access',
      { name: 'a\u0007b', id: 'bell', category: 'c', applicationId: app },
      admin,
    );
    expectRefused(bell, 'name');
    const tab = await t.post(
      '/api/admin-service/data/access',
      { name: 'a\tb', id: 'tab', category: 'c', applicationId: app },
      admin,
    );
    expectRefused(tab, 'name');
    const lines = await t.post(
      '/api/admin-service/v2/application',
      { applicationId: 'lines-app', name: 'Lines', description: 'one\r\ntwo\tthree' },
      admin,
    );
    expect(lines.statusCode, lines.body).toBe(201);
  });

  it.each([
    ['keyword', `/api/admin-service/data/accesses?applicationId=controls-app&keyword=%00`],
    ['applicationId', '/api/admin-service/data/accesses?applicationId=%00'],
    ['applicationId', '/api/admin-service/v2/application/client?applicationId=a%0Ab'],
    ['name', '/api/admin-service/resources?applicationId=controls-app&name=%1B'],
  ])('refuses a control character in the query parameter %s', async (field, url) => {
    expectRefused(await t.get(url, admin), field);
  });

  it('refuses a NUL in a path id', async () => {
    expectRefused(await t.get('/api/admin-service/v2/application/%00', admin), 'applicationId');
    expectRefused(await t.get('/api/admin-service/v2/application/client/%00', admin), 'acId');
  });
});
