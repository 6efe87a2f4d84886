import { describe, expect, it } from 'vitest';
import { PATHS, pendingStepPath, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it.each([
    ['/app-config/client?appId=a', '/app-config/client?appId=a'],
    ['/admin-setting/application#top', '/admin-setting/application#top'],
    // Read as the browser reads it: the tab goes, and what is left is a path here.
    ['/dash\tboard', '/dashboard'],
  ])('returns to %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    // Issue 12: white space the browser drops turns these into //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\\\t\\evil.example',
    // Back to the sign-in page would leave a signed-in user where they are.
    '/login',
    '/login?redirect=%2Fdashboard',
  ])('falls back for %j', (target) => {
    expect(safeRedirect(target)).toBe(PATHS.dashboard);
    expect(safeRedirect(target, '/elsewhere')).toBe('/elsewhere');
  });
});

describe('pendingStepPath', () => {
  const user = { mustChangePassword: false, passwordExpired: false, twoFactorEnrolmentRequired: false };
  it('holds a user at the password pages first, then at the two-factor set-up', () => {
    expect(pendingStepPath(null)).toBeNull();
    expect(pendingStepPath(user)).toBeNull();
    expect(pendingStepPath({ ...user, twoFactorEnrolmentRequired: true })).toBe(PATHS.twoFactorSetup);
    expect(pendingStepPath({ ...user, passwordExpired: true, twoFactorEnrolmentRequired: true })).toBe(
      PATHS.overdue,
    );
    expect(pendingStepPath({ ...user, mustChangePassword: true, twoFactorEnrolmentRequired: true })).toBe(
      PATHS.initialPassword,
    );
  });
});
