/**
 * Whether the user has a second factor set up: a TOTP secret a first code confirmed. Sign-in
 * asks for a code then; a role that requires two-factor sign-in is satisfied by it.
 */
export function hasSecondFactor(user: { totpEnabledAt: Date | null; totpSecret: string | null }): boolean {
  return user.totpEnabledAt !== null && user.totpSecret !== null;
}
