/**
 * The English catalogue: every user-facing message the server sends and the console shows,
 * by key. `{name}` is a parameter. English is the reference: the other catalogues name the
 * same keys with the same parameters (catalogues.test.ts). This file imports nothing, so a
 * page that only shows messages (the sign-in page) loads it without zod.
 */
export const EN = {
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

  // ---- app configuration ------------------------------------------------------------------
  'appConfig.duplicateApplicationId': 'This application ID is already used.',
  'appConfig.reservedApplicationId': 'This ID is reserved.',
  'appConfig.unknownProduct': 'This product does not exist.',
  'appConfig.invalidSort': 'Sort by one of the listed fields, as field,asc or field,desc.',
  'appConfig.movedApplication': 'A record cannot move to another application.',
  'appConfig.categoryAtRoot': 'A category sits at the root and has no parent.',
  'appConfig.parentRequired': 'A menu or an element needs a parent.',
  'appConfig.parentNotFound': 'The parent does not exist in this application.',
  'appConfig.menuParent': 'A menu sits under a category or a menu.',
  'appConfig.elementParent': 'An element sits under a menu.',
  'appConfig.parentIsSelf': 'A resource cannot sit under itself or its own descendants.',
  'appConfig.categoryNoUrl': 'A category has no URL.',
  'appConfig.urlFormat': "Enter a path starting with '/' or an http(s) URL.",
  'appConfig.redirectUrlFragment': 'A redirect URL must not contain a fragment (#).',
  'appConfig.redirectUrlHttps': 'Use https: http is allowed only for localhost, 127.0.0.1 or [::1].',
  'appConfig.logoutUriFragment': 'A back-channel logout URI must not contain a fragment (#).',
  'appConfig.webOriginFormat':
    'Enter an origin as a browser sends it: scheme://host[:port] in lower case, without a path, query or fragment.',
  'appConfig.childrenForbidType': 'The existing children cannot sit under this type.',

  // ---- identities ---------------------------------------------------------------------------
  'identity.duplicateUsername': 'This username is already taken.',
  'identity.duplicateCode': 'This code is already used.',
  'identity.unknownOrganization': 'This organization does not exist.',
  'identity.unknownRole': 'One of these roles does not exist.',
  'identity.unknownGroup': 'One of these groups does not exist.',
  'identity.unknownUser': 'One of these users does not exist.',
  'identity.unknownApplication': 'This application does not exist.',
  'identity.unknownPermission': 'This permission does not exist in the application.',
  'identity.unknownResource': 'One of these resources does not exist.',
  'identity.duplicateGrant': 'This permission is granted twice.',
  'identity.actionNotOffered': 'This permission does not offer {actions}.',
  'identity.scopeOnlyOnPlatform': 'Only a platform permission can be limited to applications.',
  'identity.organizationCycle': 'An organization cannot move under itself or its own descendants.',
  'identity.builtinRole': 'The built-in Administrator role cannot be changed or deleted.',
  'identity.lastAdministrator': 'This would leave no enabled administrator.',
  'identity.selfLockout': 'You cannot disable or demote yourself out of administration.',
  'identity.passwordIsUsername': 'The password must not be the username.',
  'identity.inUse': 'It is still in use: {what}.',
  'identity.notHeld': 'You can only give what you hold yourself; you do not hold {what}.',
  'identity.ownRole': 'You cannot widen the grants of a role you hold.',
  'identity.outsideScope': 'This {what} reaches beyond the applications you manage.',
  'identity.administratorOnly': 'Only an administrator can change an administrator.',
  'identity.moreConsoleRights':
    'This account holds console rights you do not hold ({what}); only someone who holds them can change it.',
  'identity.heldBy': 'held by {names}',
  // The actions a grant gives on a permission (spec §6's four, and the audit export).
  'action.create': 'Create',
  'action.update': 'Update',
  'action.retrieve': 'Retrieve',
  'action.delete': 'Delete',
  'action.export': 'Export',

  // ---- nouns, and counts of them ("2 members") --------------------------------------------
  'noun.role': 'role',
  'noun.user': 'user',
  'noun.group': 'group',
  'count.member': '{count} member',
  'count.members': '{count} members',
  'count.user': '{count} user',
  'count.users': '{count} users',
  'count.group': '{count} group',
  'count.groups': '{count} groups',
  'count.organization': '{count} organization',
  'count.organizations': '{count} organizations',
  'count.role': '{count} role',
  'count.roles': '{count} roles',
  'count.client': '{count} client',
  'count.clients': '{count} clients',
  'count.grant': '{count} grant',
  'count.grants': '{count} grants',

  // ---- the catalogue of an application (APIs, pages, objects, ACL) -------------------------
  'catalog.duplicateApi': 'This method and path are already described in this application.',
  'catalog.duplicateRoute': 'This route is already used by a page of this application.',
  'catalog.duplicateAcl': 'This entry already exists for this subject and target.',
  'catalog.duplicateField': 'Each field name may appear once.',
  'catalog.unknownSubject': 'The subject does not exist.',
  'catalog.unknownTarget': 'The target does not exist in this application.',
  'catalog.unknownPermission': 'One of these permissions does not exist in this application.',
  'catalog.unknownObject': 'This object does not exist in this application.',
  'catalog.unknownSet': 'This set does not exist among the instances of this object.',
  'catalog.routeFormat': "A route starts with '/'.",
  'catalog.pathFormat': "A path starts with '/'.",
  'catalog.builtinApplication': 'The built-in platform application cannot be disabled.',
  /** "Used by 2 applications: a, b" — `names` ends with "…" when there are more. */
  'catalog.usedBy': 'Used by {what}: {names}',
  'used.application': '{count} application',
  'used.applications': '{count} applications',
  'used.element': '{count} element',
  'used.elements': '{count} elements',
  'used.set': '{count} set',
  'used.sets': '{count} sets',
  'used.page': '{count} page',
  'used.pages': '{count} pages',
  'used.object': '{count} object',
  'used.objects': '{count} objects',
  'used.dataAccess': '{count} data access',
  'used.dataAccesses': '{count} data accesses',
  'used.client': '{count} client',
  'used.clients': '{count} clients',

  // ---- dictionaries ----------------------------------------------------------------------------
  'dictionary.unknownDictionary': 'This dictionary does not exist.',
  'dictionary.movedItem': 'An item cannot move to another dictionary.',

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

  // ---- lists: bulk actions and exports -------------------------------------------------------
  'list.tooManyRows': 'At most {maximum} rows can be changed at once; narrow the search.',
  'list.tooManyIds': 'Export at most {maximum} chosen rows, or all rows that match.',
  'list.idsOrAll': 'Name the rows (ids) or ask for all that match (all), not both.',
  'list.queryWithAll': 'All that match needs the search (query) they match.',
  'list.unsupportedAction': 'This list does not offer this action.',
  /** A row a rule refused: the whole request is undone, and the message names the row. */
  'list.rowRefused': '{row}: {reason}',

  // ---- confirm prompts of §8 -------------------------------------------------------------------
  'confirm.enableClient': 'Enable this client?',
  'confirm.disableClient': 'Disable this client?',
  'confirm.enable': 'Enable this {what} ?',
  'confirm.disable': 'Disable this {what} ?',
  'noun.category': 'category',
  'noun.menu': 'menu',
  'noun.element': 'element',

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

  // ---- the server's own refusals: what an actor lacks, counts, requests Fastify refuses ----
  'oidc.noAccess': 'You have no access to this application. Ask an administrator for a role in it.',
  'client.publicHasNoSecret': 'A public client has no secret to rotate: it signs users in with PKCE.',
  'count.resource': '{count} resource',
  'count.resources': '{count} resources',
  /** What an actor lacks, in a refusal: "users (update, app-a, app-b); roles (retrieve) in app-a". */
  'grant.platform': '{permission} ({action}, {where})',
  'grant.everyApplication': 'every application',
  'grant.permission': '{permission} ({actions}) in {application}',
  'grant.element': 'element {codes} in {application}',
  'grant.elements': 'elements {codes} in {application}',
  'grant.then': '{first}; {rest}',
  'grant.more': '{shown} and {count} more',
  'request.bodyTooLarge': 'The request body is too large.',
  'request.unsupportedMediaType': 'This type of request body is not supported.',
  'request.tooManyParameters': 'At most {maximum} query parameters',
  'request.emptyJsonBody': 'The request body is empty.',
  'count.childOrganization': '{count} child organization',
  'count.childOrganizations': '{count} child organizations',

  // ---- the audit log -----------------------------------------------------------------------
  'audit.invalidCursor': 'This cursor is not one this list returned; start again from the first page.',
  'audit.invalidDateTime':
    'Use an ISO 8601 date or date and time, such as 2026-01-31 or 2026-01-31T08:00:00Z',
  'audit.fromAfterTo': 'The start of the range must not be after its end.',
  'audit.chooseFormat': 'Choose csv or jsonl',
  'audit.retentionDays': 'Enter a whole number of days from 1 to 36500',
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
  'federation.issuerUrl': 'Enter the issuer URL, such as https://login.example.com',
  'federation.ldapUrl':
    'Enter an ldap:// or ldaps:// URL with a host and optional port, such as ldaps://ldap.example.com',
  'federation.metadataRequired': "Paste the identity provider's metadata XML or enter its metadata URL",
  'federation.metadataInvalid': 'This metadata could not be read: {reason}',
  'federation.secretRequired': 'Enter the secret',
  'federation.filterPlaceholder': 'The filter must contain {username}',
  'federation.oneDefault': 'Only a SAML provider can be the default for single sign-on',
  'federation.testFailed': 'The test did not pass: {reason}',
  'federation.wrongType': 'A provider keeps its type; create a new provider for another type',
  'webhook.eventPattern':
    'Enter event types such as user.created, or a group such as user.*: each once, in lower case, with * only as its last part',
  'webhook.chooseEvents': 'Choose at least one event',
  'webhook.url': 'Enter an http or https URL without a user name or password',
  'webhook.httpsOnly': 'The target must use https; this server does not allow plain http',
  'webhook.privateTarget':
    'The target resolves to a private, loopback or link-local address, which this server does not allow',
  'webhook.disabled': 'This webhook is disabled',
  'webhook.disabledSubject': 'Webhook {name} was disabled',
  'webhook.disabledBody':
    'Every delivery of the webhook {name} to {url} has failed since {since}, so Gatehouse disabled it. Fix the receiver, then enable the webhook again in the console.',
  'webhook.notPending': 'Only a delivery that has finished can be sent again',
  // ---- configuration export and import ------------------------------------------------------
  'transfer.applicationMismatch':
    'This document holds the application {documentId}, not {targetId}: import it into {documentId}.',
  'transfer.platformApplication':
    'The built-in platform application is not imported: its resource tree is the console itself.',
  'transfer.clientTaken': 'This client id belongs to the application {owner}.',
  'transfer.builtinRole': 'The built-in Administrator role holds everything and is not imported.',
  'transfer.unknownSubject': 'The subject {name} exists neither here nor in the document.',
  'transfer.missing.permission': 'The document has no permission {id}.',
  'transfer.missing.resource': 'The document has no resource {id}.',
  'transfer.missing.object': 'The document has no object {id}.',
  'transfer.missing.set': 'The object of this data access has no set {id}.',
  'transfer.missing.role': 'The role {id} exists neither here nor in the document.',
  'transfer.duplicate': 'The document names {id} more than once.',
  'transfer.resourceCycle': 'This resource lies under itself.',
  'transfer.needsGrant': 'This change needs {action} on {area} for this application, which you do not hold.',
  'transfer.needsRead': 'Exporting needs retrieve on {areas} for this application.',
  'transfer.secretNeeded':
    'A new confidential client comes without a secret: rotate its secret after the import.',
  'transfer.unknownProduct': 'There is no product {code} here: the application will have no product.',
  'transfer.conflicts': 'The import has conflicts; preview it to see them.',
  'transfer.administratorOnly': 'Only an administrator exports or imports the whole instance.',
  'transfer.noPassword':
    'A new user comes without a password: they sign in after a password reset, or once an administrator sets one.',
  'transfer.passwordHashes':
    'This document holds password hashes: keep it as safe as the database, and delete it once imported.',
  'transfer.missing.group': 'The group {id} exists neither here nor in the document.',
  'transfer.missing.organization': 'The document has no organization {id}.',
  'transfer.organizationCycle': 'This organization lies under itself.',

  // ---- machine access ------------------------------------------------------------------
  'pat.expiryDays': 'Enter a whole number of days from 1 to 365',
  'pat.chooseScope': 'Choose at least one permission for the token',
  'pat.notHeld': 'You do not hold this permission and action now',
  'pat.tooMany': 'You hold 50 personal access tokens already: revoke one first',
  'serviceAccount.publicClient': 'A public client holds no secret, so it cannot have a service account',
  'machineAccess.interactiveOnly':
    'This needs a signed-in session: a personal access token or a service account cannot do it',
} as const;

export type MessageKey = keyof typeof EN;
