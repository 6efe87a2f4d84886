/**
 * The English catalogue, machine access's part: personal access tokens and service accounts.
 * The tokens' card adds it when it loads, so the way to a list does not carry it; the service
 * account's refusals come from the server with their English text.
 */
export const EN_MACHINE_ACCESS = {
  // ---- machine access ------------------------------------------------------------------
  'pat.expiryDays': 'Enter a whole number of days from 1 to 365',
  'pat.chooseScope': 'Choose at least one permission for the token',
  'pat.notHeld': 'You do not hold this permission and action now',
  'pat.tooMany': 'You hold 50 personal access tokens already: revoke one first',
  'serviceAccount.publicClient': 'A public client holds no secret, so it cannot have a service account',
  'machineAccess.interactiveOnly':
    'This needs a signed-in session: a personal access token or a service account cannot do it',
} as const;
