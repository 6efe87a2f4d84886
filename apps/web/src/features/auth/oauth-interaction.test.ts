import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { interactionErrorText, isInteractionGone, sameOriginRedirect } from './oauth-interaction';

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

const texts = { failed: 'Start again', gone: 'Expired, or started in another browser' };

describe('interactionErrorText', () => {
  it('says the interaction is gone for a 404: unknown, expired, or started in another browser', () => {
    const gone = new ApiError('http', 'Not found', { status: 404, body: { message: 'server text' } });
    expect(isInteractionGone(gone)).toBe(true);
    expect(interactionErrorText(gone, texts)).toBe('Expired, or started in another browser');
  });

  it("says the server's reason for another refusal", () => {
    const refused = new ApiError('http', 'Forbidden', {
      status: 403,
      body: { message: 'You have no access to this application.' },
    });
    expect(isInteractionGone(refused)).toBe(false);
    expect(interactionErrorText(refused, texts)).toBe('You have no access to this application.');
  });

  it('keeps the catalogue text for a server failure', () => {
    const failed = new ApiError('http', 'Server error', { status: 500, body: { message: 'stack…' } });
    expect(interactionErrorText(failed, texts)).toBe('Server error');
  });

  it('falls back to the given text for anything that is not an API error', () => {
    expect(isInteractionGone(new TypeError('boom'))).toBe(false);
    expect(interactionErrorText(new TypeError('boom'), texts)).toBe('Start again');
  });
});
