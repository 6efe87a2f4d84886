/**
 * The English catalogue, the identities' part: the rules and refusals of users, roles, groups and
 * organizations. Their screens add it when they load, so the way to a list does not carry it (a
 * password that is the username is refused on the way in too: that message is the way in's).
 */
export const EN_IDENTITY = {
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
  'identity.inUse': 'It is still in use: {what}.',
  'identity.notHeld': 'You can only give what you hold yourself; you do not hold {what}.',
  'identity.ownRole': 'You cannot widen the grants of a role you hold.',
  'identity.outsideScope': 'This {what} reaches beyond the applications you manage.',
  'identity.administratorOnly': 'Only an administrator can change an administrator.',
  'identity.moreConsoleRights':
    'This account holds console rights you do not hold ({what}); only someone who holds them can change it.',
  'identity.heldBy': 'held by {names}',
} as const;
