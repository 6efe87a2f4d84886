import { FEDERATION_MESSAGES, formatMessage } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { federationStartUrl } from './api/federation';
import { federationError } from './federation-errors';

describe('a failed upstream sign-in (?sso_error=)', () => {
  it('shows a federation message, its provider named', () => {
    expect(federationError('federation.notLinked', 'x')).toEqual({
      key: FEDERATION_MESSAGES.notLinked.key,
      params: { name: 'x' },
    });
    const failed = federationError('federation.failed', 'your identity provider');
    expect(failed && formatMessage(failed)).toContain('through your identity provider');
  });

  it('shows nothing for a key outside the federation messages, or none', () => {
    for (const key of [
      'auth.invalidCredentials',
      'federation.',
      'federation.notLinked ',
      '<b>hi</b>',
      '',
      null,
      undefined,
    ])
      expect(federationError(key, 'x')).toBeUndefined();
    // Not an own property of the catalogue either.
    expect(federationError('constructor', 'x')).toBeUndefined();
    expect(federationError('__proto__', 'x')).toBeUndefined();
  });
});

describe('the start of a sign-in through a provider', () => {
  it('goes to the start route with where to go on to, encoded', () => {
    expect(federationStartUrl('p 1', { redirect: '/app-config/client?appId=a&x=1' })).toBe(
      '/api/oauth2-server/federation/p%201/start?redirect=%2Fapp-config%2Fclient%3FappId%3Da%26x%3D1',
    );
    expect(federationStartUrl('p1', { interaction: 'uid-1' })).toBe(
      '/api/oauth2-server/federation/p1/start?interaction=uid-1',
    );
    expect(federationStartUrl('p1', { redirect: null })).toBe('/api/oauth2-server/federation/p1/start');
  });
});
