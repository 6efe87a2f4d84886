/**
 * Messages as keys: an error body names its message by key and parameters, beside the
 * English text legacy clients show; the server's own pages speak the reader's language.
 */
import {
  CATALOG_MESSAGES,
  ERROR_CODES,
  FEDERATION_MESSAGES,
  formatMessage,
  MESSAGES,
  m,
} from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { put } from './fixtures.ts';
import { build, en, fieldKey, fieldMessage, messageBody, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});
afterAll(async () => t?.close());

const V2 = '/api/admin-service/v2';

describe('error bodies', () => {
  it('a 400 names its message and each field by key, with parameters, and in English', async () => {
    const res = await t.post(
      `${V2}/product`,
      { name: 'x'.repeat(201), code: 'ok-code', owner: 'a\u0007b' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      ...messageBody(MESSAGES.validationFailed),
      requestId: expect.any(String),
    });
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', key: 'field.tooLong', params: { maximum: 200 }, message: 'At most 200 characters' },
        { field: 'owner', key: 'controlCharacters', message: en(MESSAGES.controlCharacters) },
      ]),
    );
    expect(fieldKey(body, 'name')).toBe('field.tooLong');
    expect(fieldMessage(body, 'owner')).toBe('Control characters are not allowed.');
  });

  it('a 409 names its message by key, with the parameters it is rendered from', async () => {
    const product = (await t.post(`${V2}/product`, { name: 'Keyed', code: 'keyed' }, admin)).json();
    for (const id of ['keyed-one', 'keyed-two'])
      await t.post(`${V2}/application`, { applicationId: id, name: id, productId: product.productId }, admin);
    const res = await put(t, `${V2}/product`, { ...product, status: 'DISABLED' }, admin);
    expect(res.statusCode).toBe(409);
    const used = CATALOG_MESSAGES.usedBy(2, 'application', ['keyed-one', 'keyed-two']);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.CONFLICT, ...messageBody(used) });
    expect(res.json()).toMatchObject({
      key: 'catalog.usedBy',
      params: { what: { key: 'used.applications', params: { count: 2 } }, names: ['keyed-one', 'keyed-two'] },
      message: 'Used by 2 applications: keyed-one, keyed-two',
    });
    // The console renders the same key and parameters in Chinese.
    expect(formatMessage(res.json(), 'zh')).toBe(formatMessage(used, 'zh'));
    expect(formatMessage(res.json(), 'zh')).not.toBe(res.json().message);
  });
});

describe('server-rendered pages', () => {
  const SSO = '/saml2/authenticate/consumer';

  it('the SSO page speaks English by default', async () => {
    const res = await t.get(SSO);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(en(FEDERATION_MESSAGES.notConfigured));
    expect(res.body).toContain('Back to sign in');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('the SSO page speaks Chinese to a browser that asks for it', async () => {
    const res = await t.inject({
      method: 'GET',
      url: SSO,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain(formatMessage(FEDERATION_MESSAGES.notConfigured, 'zh'));
    expect(res.body).toContain(formatMessage(m('page.backToSignIn'), 'zh'));
    expect(res.body).not.toContain('Back to sign in');
  });

  const unknownClient =
    '/oidc/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=http%3A%2F%2F127.0.0.1%3A4000%2Fcb';

  it('the OIDC error page speaks English by default', async () => {
    const res = await t.get(unknownClient);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The sign-in cannot go on');
    expect(res.body).toContain('Error: <code>invalid_client</code>');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('the OIDC error page speaks Chinese with Accept-Language: zh-CN', async () => {
    const res = await t.inject({
      method: 'GET',
      url: unknownClient,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain(formatMessage(m('page.errorHeading'), 'zh'));
    expect(res.body).toContain(`${formatMessage(m('page.errorCode'), 'zh')} <code>invalid_client</code>`);
    expect(res.body).not.toContain('The sign-in cannot go on');
  });

  it('the OIDC signed-out page speaks the browser language', async () => {
    // With no session to end, the provider goes straight on to the page that says it is done.
    const english = await t.get('/oidc/session/end/success');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('You are signed out of Gatehouse.');
    const chinese = await t.inject({
      method: 'GET',
      url: '/oidc/session/end/success',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(chinese.body).toContain(formatMessage(m('page.signedOut'), 'zh'));
    expect(chinese.headers.vary).toMatch(/accept-language/i);
  });
});
