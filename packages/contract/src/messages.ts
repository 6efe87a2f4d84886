import { PRODUCT_NAME } from './product.ts';

/** The error catalogue of spec §8, by HTTP status. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: 'The token has expired. Please log in again.',
  403: `Sorry you don’t have access to this service. Contact the ${PRODUCT_NAME}'s admin for access.`,
  404: 'Network request error.',
  405: 'Network request error, request method not allowed.',
  408: 'Network request timeout.',
  500: 'Server Internal Error.',
  501: 'Network not implemented.',
  502: 'Network error.',
  503: 'The service is unavailable, the server is temporarily overloaded or maintained.',
  504: 'Network timeout.',
  505: 'The HTTP version does not support this request.',
};

/** Every other user-facing message, defined once for web and server. */
export const MESSAGES = {
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
  /** A 401 for a request that carried no token; one with a token gets the §8 message. */
  notSignedIn: 'You are not signed in. Please log in.',
  loginSuccess: 'Signed in successfully',
  logoutSuccess: 'Signed out',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  passwordChangeRequired: 'You must set a new password before continuing.',
  passwordChanged: 'Password changed. Please sign in with the new password.',
  passwordTooShort: 'The password must be at least 12 characters long.',
  passwordsDoNotMatch: 'The two passwords do not match.',
  passwordSameAsOld: 'The new password must differ from the current one.',
  currentPasswordWrong: 'The current password is incorrect.',
  accountDisabled: 'This account is disabled.',
  validationFailed: 'Some fields are invalid.',
  notFound: 'The requested item does not exist.',
  duplicateId: 'This ID is already used in this application.',
  ssoNotConfigured: `Single sign-on is not configured for ${PRODUCT_NAME}.`,
  comingSoon: 'This area is not available yet.',
  malformedBody: 'The request body is not valid JSON.',
  controlCharacters: 'Control characters are not allowed.',
  requestTooLong: 'The address or the headers of this request are too long.',
  malformedRequest: 'The request is not valid HTTP.',
  malformedAddress: 'The address of this request is not valid.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Field messages of the app-configuration rules the server enforces beyond "required". */
export const APP_CONFIG_MESSAGES = {
  duplicateApplicationId: 'This application ID is already used.',
  reservedApplicationId: 'This ID is reserved.',
  unknownProduct: 'This product does not exist.',
  invalidSort: 'Sort by one of the listed fields, as field,asc or field,desc.',
  invalidDate: 'Use the format YYYY/MM/DD',
  movedApplication: 'A record cannot move to another application.',
  categoryAtRoot: 'A category sits at the root and has no parent.',
  parentRequired: 'A menu or an element needs a parent.',
  parentNotFound: 'The parent does not exist in this application.',
  menuParent: 'A menu sits under a category or a menu.',
  elementParent: 'An element sits under a menu.',
  parentIsSelf: 'A resource cannot sit under itself or its own descendants.',
  categoryNoUrl: 'A category has no URL.',
  urlFormat: "Enter a path starting with '/' or an http(s) URL.",
  redirectUrlFormat: 'Enter a valid http(s) URL',
  redirectUrlFragment: 'A redirect URL must not contain a fragment (#).',
  redirectUrlHttps: 'Use https: http is allowed only for localhost, 127.0.0.1 or [::1].',
  atMost2000: 'At most 2000 characters',
  childrenForbidType: 'The existing children cannot sit under this type.',
} as const;

/** Field and conflict messages of the identity rules. */
export const IDENTITY_MESSAGES = {
  duplicateUsername: 'This username is already taken.',
  duplicateCode: 'This code is already used.',
  unknownOrganization: 'This organization does not exist.',
  unknownRole: 'One of these roles does not exist.',
  unknownGroup: 'One of these groups does not exist.',
  unknownUser: 'One of these users does not exist.',
  unknownApplication: 'This application does not exist.',
  unknownPermission: 'This permission does not exist in the application.',
  unknownResource: 'One of these resources does not exist.',
  duplicateGrant: 'This permission is granted twice.',
  scopeOnlyOnPlatform: 'Only a platform permission can be limited to applications.',
  organizationCycle: 'An organization cannot move under itself or its own descendants.',
  builtinRole: 'The built-in Administrator role cannot be changed or deleted.',
  lastAdministrator: 'This would leave no enabled administrator.',
  selfLockout: 'You cannot disable or demote yourself out of administration.',
  passwordIsUsername: 'The password must not be the username.',
  inUse: (what: string) => `It is still in use: ${what}.`,
  notHeld: (what: string) => `You can only give what you hold yourself; you do not hold ${what}.`,
  ownRole: 'You cannot widen the grants of a role you hold.',
  outsideScope: (what: 'role' | 'user' | 'group') =>
    `This ${what} reaches beyond the applications you manage.`,
  administratorOnly: 'Only an administrator can change an administrator.',
  moreConsoleRights: (what: string) =>
    `This account holds console rights you do not hold (${what}); only someone who holds them can change it.`,
} as const;

/** Confirm prompts of spec §8. */
export function toggleConfirmText(
  next: 'ENABLED' | 'DISABLED',
  what: 'client' | 'category' | 'menu' | 'element',
): string {
  const verb = next === 'ENABLED' ? 'Enable' : 'Disable';
  return what === 'client' ? `${verb} this client?` : `${verb} this ${what} ?`;
}
