import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { type Message, type MessageParam, m } from './i18n/index.ts';

/** The error catalogue of spec §8, by HTTP status. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, Message>> = {
  401: m('http.401'),
  403: m('http.403'),
  404: m('http.404'),
  405: m('http.405'),
  408: m('http.408'),
  500: m('http.500'),
  501: m('http.501'),
  502: m('http.502'),
  503: m('http.503'),
  504: m('http.504'),
  505: m('http.505'),
};

/** Every other shared user-facing message; the texts are in the catalogues (i18n/). */
export const MESSAGES = {
  networkError: m('networkError'),
  requestAborted: m('requestAborted'),
  requestTimeout: m('requestTimeout'),
  unknownError: m('unknownError'),
  required: m('required'),
  changedSuccessfully: m('changedSuccessfully'),
  createdSuccessfully: m('createdSuccessfully'),
  savedSuccessfully: m('savedSuccessfully'),
  copied: m('copied'),
  copyNotSupported: m('copyNotSupported'),
  noPermission: m('noPermission'),
  invalidCredentials: m('invalidCredentials'),
  notSignedIn: m('notSignedIn'),
  loginSuccess: m('loginSuccess'),
  logoutSuccess: m('logoutSuccess'),
  tooManyAttempts: m('tooManyAttempts'),
  passwordChangeRequired: m('passwordChangeRequired'),
  passwordChanged: m('passwordChanged'),
  passwordsDoNotMatch: m('passwordsDoNotMatch'),
  passwordSameAsOld: m('passwordSameAsOld'),
  currentPasswordWrong: m('currentPasswordWrong'),
  accountDisabled: m('accountDisabled'),
  validationFailed: m('validationFailed'),
  notFound: m('notFound'),
  duplicateId: m('duplicateId'),
  comingSoon: m('comingSoon'),
  malformedBody: m('malformedBody'),
  controlCharacters: m('controlCharacters'),
  requestTooLong: m('requestTooLong'),
  malformedRequest: m('malformedRequest'),
  malformedAddress: m('malformedAddress'),
  passwordTooShort: m('passwordTooShort', { minimum: MIN_PASSWORD_LENGTH }),
} as const;

/** Field messages of the app-configuration rules the server enforces beyond "required". */
export const APP_CONFIG_MESSAGES = {
  duplicateApplicationId: m('appConfig.duplicateApplicationId'),
  reservedApplicationId: m('appConfig.reservedApplicationId'),
  unknownProduct: m('appConfig.unknownProduct'),
  invalidSort: m('appConfig.invalidSort'),
  movedApplication: m('appConfig.movedApplication'),
  categoryAtRoot: m('appConfig.categoryAtRoot'),
  parentRequired: m('appConfig.parentRequired'),
  parentNotFound: m('appConfig.parentNotFound'),
  menuParent: m('appConfig.menuParent'),
  elementParent: m('appConfig.elementParent'),
  parentIsSelf: m('appConfig.parentIsSelf'),
  categoryNoUrl: m('appConfig.categoryNoUrl'),
  urlFormat: m('appConfig.urlFormat'),
  redirectUrlFragment: m('appConfig.redirectUrlFragment'),
  redirectUrlHttps: m('appConfig.redirectUrlHttps'),
  logoutUriFragment: m('appConfig.logoutUriFragment'),
  webOriginFormat: m('appConfig.webOriginFormat'),
  childrenForbidType: m('appConfig.childrenForbidType'),
  invalidDate: m('field.date'),
  redirectUrlFormat: m('field.url'),
  atMost2000: m('field.tooLong', { maximum: 2000 }),
} as const;

/** Field and conflict messages of the identity rules. */
export const IDENTITY_MESSAGES = {
  duplicateUsername: m('identity.duplicateUsername'),
  duplicateCode: m('identity.duplicateCode'),
  unknownOrganization: m('identity.unknownOrganization'),
  unknownRole: m('identity.unknownRole'),
  unknownGroup: m('identity.unknownGroup'),
  unknownUser: m('identity.unknownUser'),
  unknownApplication: m('identity.unknownApplication'),
  unknownPermission: m('identity.unknownPermission'),
  unknownResource: m('identity.unknownResource'),
  duplicateGrant: m('identity.duplicateGrant'),
  scopeOnlyOnPlatform: m('identity.scopeOnlyOnPlatform'),
  /** A grant names an action its permission does not offer (`actionsOf`): `export` outside the Audit Log. */
  actionNotOffered: (actions: readonly string[]) => m('identity.actionNotOffered', { actions }),
  organizationCycle: m('identity.organizationCycle'),
  builtinRole: m('identity.builtinRole'),
  lastAdministrator: m('identity.lastAdministrator'),
  selfLockout: m('identity.selfLockout'),
  passwordIsUsername: m('identity.passwordIsUsername'),
  ownRole: m('identity.ownRole'),
  administratorOnly: m('identity.administratorOnly'),
  inUse: (what: MessageParam) => m('identity.inUse', { what }),
  notHeld: (what: MessageParam) => m('identity.notHeld', { what }),
  outsideScope: (what: 'role' | 'user' | 'group') => m('identity.outsideScope', { what: m(`noun.${what}`) }),
  moreConsoleRights: (what: MessageParam) => m('identity.moreConsoleRights', { what }),
  /** "held by 2 users, 1 group": names, or counts (`countsOf`). */
  heldBy: (names: readonly (string | Message)[]) => m('identity.heldBy', { names }),
} as const;

/** "2 members and 1 group": the non-zero counts, for the message of a record still in use. */
export function countsOf(counts: readonly [number, CountNoun][]): Message[] {
  return counts
    .filter(([n]) => n > 0)
    .map(([count, noun]) => m(`count.${noun}${count === 1 ? '' : 's'}`, { count }));
}
export type CountNoun =
  | 'member'
  | 'user'
  | 'group'
  | 'organization'
  | 'childOrganization'
  | 'role'
  | 'client'
  | 'grant';

/** Confirm prompts of spec §8. */
export function toggleConfirmText(
  next: 'ENABLED' | 'DISABLED',
  what: 'client' | 'category' | 'menu' | 'element',
): Message {
  if (what === 'client') return m(next === 'ENABLED' ? 'confirm.enableClient' : 'confirm.disableClient');
  return m(next === 'ENABLED' ? 'confirm.enable' : 'confirm.disable', { what: m(`noun.${what}`) });
}
