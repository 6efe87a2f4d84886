/**
 * The English catalogue, the server's own part: its pages and mail, which no console screen
 * shows. The server adds it at start, with the other parts.
 */
export const EN_SERVER = {
  // ---- server-rendered pages and mail ------------------------------------------------------
  'page.signOutTitle': 'Sign out',
  'page.signOutQuestion': 'Sign out of {product}?',
  'page.signOutConfirm': 'Sign out',
  'page.staySignedIn': 'Stay signed in',
  'page.signedOutTitle': 'Signed out',
  'page.signedOut': 'You are signed out of {product}.',
  'page.errorTitle': 'Sign-in error',
  'page.errorHeading': 'The sign-in cannot go on',
  /** Followed by the OAuth error code, e.g. "Error: invalid_request". */
  'page.errorCode': 'Error:',
  'page.ssoTitle': 'Single sign-on',
  'page.backToSignIn': 'Back to sign in',
  'mail.greeting': 'Hello {name},',
  'mail.reset.subject': 'Reset your {product} password',
  'mail.reset.body':
    'Someone asked to reset the password of your {product} account. To choose a new password, open this link:',
  'mail.reset.ignore':
    'The link works once, within {minutes} minutes. If you did not ask for it, ignore this email; your password stays as it is.',
  'mail.emailChanged.subject': 'Your {product} email address was changed',
  'mail.emailChanged.bySelf':
    'The email address of your {product} account {username} was changed from its profile. Its emails now go to the new address, and the password reset links sent before the change no longer work.',
  'mail.emailChanged.byAdministrator':
    'The email address of your {product} account {username} was changed by an administrator. Its emails now go to the new address, and the password reset links sent before the change no longer work.',
  'mail.emailChanged.contact':
    'If you did not expect this change, contact your {product} administrator at once.',
  // ---- the mail that says a webhook was disabled --------------------------------------------
  'webhook.disabledSubject': 'Webhook {name} was disabled',
  'webhook.disabledBody':
    'Every delivery of the webhook {name} to {url} has failed since {since}, so Gatehouse disabled it. Fix the receiver, then enable the webhook again in the console.',
} as const;
