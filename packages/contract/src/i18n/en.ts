/**
 * The English catalogue, its part for the way in: the messages the sign-in pages show (/login,
 * /oauth, the password's change and reset), the HTTP status catalogue and the field rules. The
 * console adds its part (en-console.ts) when it loads, and the server adds every part at start
 * (en-server.ts holds its pages and mail). `{name}` is a parameter. English is the reference:
 * the other catalogues name the same keys with the same parameters (catalogues.test.ts). This
 * file imports nothing, so the sign-in page loads it without zod.
 */
export const EN_SIGN_IN = {
  // ---- the §8 catalogue, by HTTP status ---------------------------------------------------
  'http.401': 'The token has expired. Please log in again.',
  'http.403': "Sorry you don’t have access to this service. Contact the {product}'s admin for access.",
  'http.404': 'Network request error.',
  'http.405': 'Network request error, request method not allowed.',
  'http.408': 'Network request timeout.',
  'http.500': 'Server Internal Error.',
  'http.501': 'Network not implemented.',
  'http.502': 'Network error.',
  'http.503': 'The service is unavailable, the server is temporarily overloaded or maintained.',
  'http.504': 'Network timeout.',
  'http.505': 'The HTTP version does not support this request.',

  // ---- shared -----------------------------------------------------------------------------
  networkError: 'Network Error',
  requestAborted: 'Request aborted',
  requestTimeout: 'Network request timeout.',
  unknownError: 'Something went wrong. Please try again.',
  required: 'This item is required',
  changedSuccessfully: 'Changed successfully',
  createdSuccessfully: 'Created successfully',
  savedSuccessfully: 'Saved successfully',
  copied: 'Link copied to clipboard',
  copyNotSupported: 'Copy not supported',
  noPermission: 'No permission',
  invalidCredentials: 'Incorrect username or password.',
  notSignedIn: 'You are not signed in. Please log in.',
  loginSuccess: 'Signed in successfully',
  logoutSuccess: 'Signed out',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  passwordChangeRequired: 'You must set a new password before continuing.',
  passwordChanged: 'Password changed. Please sign in with the new password.',
  passwordTooShort: 'The password must be at least {minimum} characters long.',
  passwordsDoNotMatch: 'The two passwords do not match.',
  passwordSameAsOld: 'The new password must differ from the current one.',
  currentPasswordWrong: 'The current password is incorrect.',
  accountDisabled: 'This account is disabled.',
  validationFailed: 'Some fields are invalid.',
  notFound: 'The requested item does not exist.',
  duplicateId: 'This ID is already used in this application.',
  comingSoon: 'This area is not available yet.',
  malformedBody: 'The request body is not valid JSON.',
  controlCharacters: 'Control characters are not allowed.',
  requestTooLong: 'The address or the headers of this request are too long.',
  malformedRequest: 'The request is not valid HTTP.',
  malformedAddress: 'The address of this request is not valid.',

  // ---- field rules (zod issues carry these keys) -------------------------------------------
  'field.invalid': 'This value is not valid.',
  'field.tooLong': 'At most {maximum} characters',
  'field.tooShort': 'At least {minimum} characters',
  'field.tooMany': 'At most {maximum} items',
  'field.tooFew': 'Choose at least {minimum}',
  'field.tooBig': 'At most {maximum}',
  'field.tooSmall': 'At least {minimum}',
  'field.notANumber': 'Enter a number',
  'field.notAWholeNumber': 'Enter a whole number',
  'field.choose': 'Choose one of the listed values',
  'field.unknown': 'This field is not expected here.',
  'field.code': 'Use letters, digits and - _ . : only, starting with a letter or digit',
  'field.username': 'Use letters, digits and _ . @ - only, starting with a letter or digit',
  'field.email': 'Enter a valid email address',
  'field.url': 'Enter a valid http(s) URL',
  'field.date': 'Use the format YYYY/MM/DD',
  'field.language': 'Choose en or zh',
  'field.theme': 'Choose light or dark',
  'field.clientType': 'Choose Confidential or Public',
  'field.publicClientRedirect': 'A public client needs a redirect URL',
  'field.actions': 'Choose at least one action',
  'field.tables': 'At most {maximum} tables',
  'settings.lockSeconds': 'Enter a number of seconds',
  'settings.lockWhole': 'Enter a whole number of seconds',
  'settings.lockMin': 'The lock needs at least {minimum} seconds',
  'settings.lockMax': 'The lock can wait at most 7 days',
  'settings.days': 'Enter a number of days',
  'settings.daysWhole': 'Enter a whole number of days',
  'settings.daysMin': 'Enter 0 or more days',
  'settings.daysMax': 'Enter at most {maximum} days',
  'settings.passwordMinLength': 'Enter 8 to 64 characters',
  'settings.passwordHistoryCount': 'Enter 0 to 24 passwords',

  // ---- passwords ---------------------------------------------------------------------------
  'password.tooLong': 'The password must be at most {maximum} characters long.',
  'password.containsUsername': 'The password must not contain the username.',
  'password.common': 'This password is too common. Choose a less predictable one.',
  'password.reused': 'The password must differ from your last {count} passwords.',
  'password.resetLinkSent':
    'If an account matches, a link to reset its password has been sent. It works once, within {minutes} minutes.',
  'password.resetLinksNotConfigured':
    'Password reset links are not available: the server has no public address (GATEHOUSE_PUBLIC_URL). Ask an administrator.',
  'password.resetLinkInvalid': 'This reset link is not valid. Ask for a new one.',
  'password.resetLinkExpired': 'This reset link has expired. Ask for a new one.',
  'password.resetLinkUsed': 'This reset link has already been used. Ask for a new one.',
  'password.passwordReset': 'Your password has been reset. Sign in with the new password.',
  'password.passwordExpired': 'Your password has expired. Choose a new one to continue.',
  'identity.passwordIsUsername': 'The password must not be the username.',

  // ---- two-factor sign-in ----------------------------------------------------------------------
  'twoFactor.codeRequired': 'Enter the code from your authenticator app.',
  'twoFactor.invalidCode': 'The code is not valid. Try the current code or a recovery code.',
  'twoFactor.challengeExpired': 'This sign-in has expired. Please enter your username and password again.',
  'twoFactor.notEnrolling': 'Start the set-up again: no two-factor set-up is waiting for a code.',
  'twoFactor.alreadyEnabled': 'Two-factor sign-in is already on.',
  'twoFactor.notEnabled': 'Two-factor sign-in is off.',
  'twoFactor.codeOrPassword': 'Enter a current code or your password.',
  'twoFactor.enrolmentRequired': 'Your role requires two-factor sign-in. Set it up to continue.',

  // ---- passkeys ------------------------------------------------------------------------------
  'passkey.expired': 'This passkey request has expired. Please try again.',
  'passkey.refused': 'This passkey was not accepted.',
  'passkey.alreadyRegistered': 'This passkey is already registered.',
  'passkey.tooMany': 'You can register at most {max} passkeys. Remove one first.',
  'passkey.notFound': 'This passkey does not exist.',
  'passkey.passwordOrPasskey': 'Confirm with your password or a passkey.',

  // ---- OpenID Connect ------------------------------------------------------------------------
  'oidc.interactionGone':
    'This sign-in has expired or was started in another browser. Start again from the application, in this browser.',
  'oidc.passwordChangeFirst':
    'You must set a new password before you can sign in here. Sign in to the console to choose one, then start again from the application.',
  'oidc.twoFactorEnrolFirst':
    'Your role requires two-factor sign-in. Set it up in the console, then start again from the application.',
  'oidc.unknownClient': 'This application client is unknown or disabled.',
  'oidc.noLoginPrompt': 'This sign-in does not ask for a login.',
  'oidc.noConsentPrompt': 'This sign-in does not ask for consent.',

  'oidc.noAccess': 'You have no access to this application. Ask an administrator for a role in it.',
  // ---- identity providers and federated sign-in ----------------------------------------------
  'federation.signInWith': 'Sign in with {name}',
  'federation.failed':
    'The sign-in through {name} did not succeed. Try again, or sign in with your password.',
  'federation.expired': 'This sign-in took too long or was already used. Start it again.',
  'federation.notLinked':
    'No account here is linked to the identity you signed in with. Ask an administrator to link it, or sign in with your password and link it in your account settings.',
  'federation.disabledProvider': 'This identity provider is not available.',
  'federation.notAllowed': 'This application does not accept sign-ins through this identity provider.',
  'federation.accountDisabled': 'Your account is disabled.',
  'federation.emailTaken':
    'An account here already uses this email address. Sign in with your password and link this identity in your account settings.',
  'federation.alreadyLinked': 'This identity is already linked to an account.',
  'federation.notConfigured':
    'No identity provider is set up for single sign-on yet. Sign in with your password.',
} as const;
