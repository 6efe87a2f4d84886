import { describe, expect, it } from 'vitest';
import {
  backchannelLogoutUriProblem,
  createClientSchema,
  redirectUriProblem,
  updateClientSchema,
  WEB_ORIGINS_MAX,
  webOriginProblem,
} from './client.ts';
import { APP_CONFIG_MESSAGES, MESSAGES } from './messages.ts';

describe('redirect URIs', () => {
  it('accept https anywhere, and plain http on the loopback only', () => {
    for (const uri of [
      'https://rp.example/cb',
      'https://rp.example:8443/cb?x=1',
      'https://localhost/cb',
      'http://localhost:3000/cb',
      'http://127.0.0.1:4000/cb',
      'http://127.10.0.2/cb',
      'http://[::1]:8080/cb',
      'HTTP://LOCALHOST/cb',
    ])
      expect(redirectUriProblem(uri), uri).toBeUndefined();
  });

  it('refuse a fragment, even an empty one', () => {
    for (const uri of ['https://rp.example/cb#frag', 'https://rp.example/cb#', 'http://127.0.0.1/cb#x'])
      expect(redirectUriProblem(uri), uri).toBe(APP_CONFIG_MESSAGES.redirectUrlFragment);
  });

  it('refuse plain http to any other host', () => {
    for (const uri of [
      'http://rp.example/cb',
      'http://intranet:8080/cb',
      'http://10.0.0.1/cb',
      'http://localhost.rp.example/cb',
      'http://127.0.0.1.rp.example/cb',
      'http://[::2]/cb',
      'http://0.0.0.0/cb',
    ])
      expect(redirectUriProblem(uri), uri).toBe(APP_CONFIG_MESSAGES.redirectUrlHttps);
  });

  it('refuse what is not an absolute http(s) URL', () => {
    for (const uri of [
      'javascript:alert(1)',
      'ftp://rp.example/cb',
      '/cb',
      'https://',
      'com.example.app:/cb',
    ])
      expect(redirectUriProblem(uri), uri).toBe(APP_CONFIG_MESSAGES.redirectUrlFormat);
  });

  it('are checked one by one in the field, on create and on update', () => {
    const base = { clientName: 'c', applicationId: 'app' };
    expect(
      createClientSchema.safeParse({ ...base, redirectUrl: 'https://a.example/cb http://127.0.0.1/cb' })
        .success,
    ).toBe(true);
    const create = createClientSchema.safeParse({
      ...base,
      redirectUrl: 'https://a.example/cb  http://b.example/cb',
    });
    expect(create.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['redirectUrl', APP_CONFIG_MESSAGES.redirectUrlHttps.key],
    ]);
    const update = updateClientSchema.safeParse({
      acId: '00000000-0000-4000-8000-000000000000',
      clientName: 'c',
      redirectUrl: 'https://a.example/cb#x',
    });
    expect(update.error?.issues[0]?.message).toBe(APP_CONFIG_MESSAGES.redirectUrlFragment.key);
    expect(
      updateClientSchema.safeParse({
        acId: '00000000-0000-4000-8000-000000000000',
        clientName: 'c',
        redirectUrl: '',
      }).success,
    ).toBe(true);
  });
});

describe('back-channel logout URIs', () => {
  const create = (backchannelLogoutUri: unknown) =>
    createClientSchema.safeParse({ clientName: 'RP', applicationId: 'shop', backchannelLogoutUri });

  it('accept one https URI, or plain http on the loopback; empty is none', () => {
    for (const uri of ['https://rp.example/logout', 'http://127.0.0.1:4000/logout', 'http://localhost/bcl'])
      expect(backchannelLogoutUriProblem(uri), uri).toBeUndefined();
    expect(create('').success).toBe(true);
    expect(create(null).success).toBe(true);
    expect(create(undefined).data).toMatchObject({ backchannelLogoutSessionRequired: false });
  });

  it('refuse a fragment, plain http elsewhere, several URIs, and what is not a URL', () => {
    expect(backchannelLogoutUriProblem('https://rp.example/logout#x')).toBe(
      APP_CONFIG_MESSAGES.logoutUriFragment,
    );
    expect(backchannelLogoutUriProblem('http://rp.example/logout')).toBe(
      APP_CONFIG_MESSAGES.redirectUrlHttps,
    );
    for (const uri of ['https://a.example/1 https://b.example/2', 'rp.example/logout', 'javascript:alert(1)'])
      expect(create(uri).error?.issues[0]?.message, uri).toBe(APP_CONFIG_MESSAGES.redirectUrlFormat.key);
    expect(create(`https://rp.example/${'a'.repeat(2000)}`).success).toBe(false);
    expect(create('https://rp.example/\u0000').error?.issues[0]?.message).toBe(
      MESSAGES.controlCharacters.key,
    );
  });

  it('leave both fields out of an update unless given', () => {
    const parsed = updateClientSchema.parse({
      acId: '00000000-0000-4000-8000-000000000001',
      clientName: 'RP',
    });
    expect(parsed).not.toHaveProperty('backchannelLogoutUri');
    expect(parsed).not.toHaveProperty('backchannelLogoutSessionRequired');
  });
});

describe('web origins', () => {
  it('accept an origin as a browser sends it: https anywhere, plain http on the loopback', () => {
    for (const origin of [
      'https://app.example',
      'https://app.example:8443',
      'http://localhost:5173',
      'http://127.0.0.1:4000',
      'http://[::1]:8080',
    ])
      expect(webOriginProblem(origin), origin).toBeUndefined();
  });

  it('refuse a path, query, fragment, user, upper case, a default port or another scheme', () => {
    for (const origin of [
      'https://app.example/',
      'https://app.example/cb',
      'https://app.example?x=1',
      'https://app.example#x',
      'https://user@app.example',
      'https://App.example',
      'https://app.example:443',
      'ftp://app.example',
      'null',
      '*',
      'app.example',
      'https://app.example\n',
    ])
      expect(webOriginProblem(origin), origin).toBe(APP_CONFIG_MESSAGES.webOriginFormat);
  });

  it('refuse plain http off the loopback', () => {
    for (const origin of ['http://app.example', 'http://10.0.0.1', 'http://localhost.app.example'])
      expect(webOriginProblem(origin), origin).toBe(APP_CONFIG_MESSAGES.redirectUrlHttps);
  });

  it('are a list of at most WEB_ORIGINS_MAX, each checked, with the failing one named', () => {
    const base = { clientName: 'c', applicationId: 'app' };
    expect(createClientSchema.parse(base).webOrigins).toEqual([]);
    const bad = createClientSchema.safeParse({
      ...base,
      webOrigins: ['https://a.example', 'https://b.example/x'],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['webOrigins.1', APP_CONFIG_MESSAGES.webOriginFormat.key],
    ]);
    const many = Array.from({ length: WEB_ORIGINS_MAX + 1 }, (_, i) => `https://a${i}.example`);
    expect(createClientSchema.safeParse({ ...base, webOrigins: many }).error?.issues[0]?.message).toBe(
      'field.tooMany',
    );
    const acId = '00000000-0000-4000-8000-000000000000';
    expect(updateClientSchema.parse({ acId, clientName: 'c' }).webOrigins).toBeUndefined();
    expect(updateClientSchema.parse({ acId, clientName: 'c', webOrigins: [] }).webOrigins).toEqual([]);
  });
});
