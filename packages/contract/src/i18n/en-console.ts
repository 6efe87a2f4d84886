/**
 * The English catalogue, the console's part: the messages of the screens after sign-in and of
 * the server's refusals there. The console layout adds it before it draws (lib/i18n.ts,
 * addConsoleMessages), so the way in does not carry it.
 */
export const EN_CONSOLE = {
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

  // ---- the actions a grant gives on a permission (spec §6's four, and the audit export) ----
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

  // ---- the server's own refusals: what an actor lacks, counts, requests Fastify refuses ----
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
} as const;
