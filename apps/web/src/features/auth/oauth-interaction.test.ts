import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { interactionErrorText, sameOriginRedirect } from './oauth-interaction';

const ORIGIN = 'https://id.example.com';

describe('sameOriginRedirect', () => {
  it('follows the provider on this origin, relative or absolute', () => {
    expect(sameOriginRedirect('https://id.example.com/oidc/auth/abc', ORIGIN)).toBe(
      'https://id.example.com/oidc/auth/abc',
    );
    expect(sameOriginRedirect('/oidc/auth/abc', ORIGIN)).toBe('https://id.example.com/oidc/auth/abc');
  });

  it('refuses any other origin, scheme-relative address or script', () => {
    expect(sameOriginRedirect('https://evil.example/oidc/auth/abc', ORIGIN)).toBeNull();
    expect(sameOriginRedirect('//evil.example/x', ORIGIN)).toBeNull();
    expect(sameOriginRedirect('http://id.example.com/oidc/auth/abc', ORIGIN)).toBeNull();
    expect(sameOriginRedirect('javascript:alert(1)', ORIGIN)).toBeNull();
  });
});

describe('interactionErrorText', () => {
  it("says the server's reason for a refusal", () => {
    const expired = new ApiError('http', 'Not found', {
      status: 404,
      body: { message: 'This sign-in has expired or does not exist.' },
    });
    expect(interactionErrorText(expired, 'fallback')).toBe('This sign-in has expired or does not exist.');
  });

  it('keeps the catalogue text for a server failure', () => {
    const failed = new ApiError('http', 'Server error', { status: 500, body: { message: 'stack…' } });
    expect(interactionErrorText(failed, 'fallback')).toBe('Server error');
  });

  it('falls back to the given text for anything that is not an API error', () => {
    expect(interactionErrorText(new TypeError('boom'), 'Start again')).toBe('Start again');
  });
});
