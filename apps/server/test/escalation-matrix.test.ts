/**
 * The escalation matrix, built from the route table like the authorization matrix: every
 * route that changes users, groups, roles, grants (role grants, access-control entries,
 * page elements), clients, applications or identity providers (whose rules hand out roles)
 * is tried by a manager whose every console grant is limited to application A, reaching
 * outside A or beyond its own rights. A route of those
 * areas without a row here fails the suite, so a new one cannot be left out; a route that
 * cannot give anything (creating an empty role) says why instead.
 *
 * Every attempt must be refused, and leave every table that holds rights exactly as it was.
 */
import { PLATFORM_APP_ID } from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityProviders, roles, userIdentities } from '../src/db/schema/index.ts';
import { grantsOf } from '../src/lib/request-context.ts';
import { consolePermissionIds } from '../src/platform/seed.ts';
import { createApplication } from './fixtures.ts';
import { build } from './helper.ts';

const t = await build();

const V2 = '/api/admin-service/v2';
const admin = await t.login();
const api = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await t.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    payload: body as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

// ---- two applications, each with a permission, a resource tree, a client, a page, an entry
const appA = await createApplication(t.db, 'esc-a');
const appB = await createApplication(t.db, 'esc-b');
const inApp = async (applicationId: string) => {
  const permission = await api('POST', '/api/admin-service/permission/createPermission', {
    name: 'Orders',
    id: 'orders',
    resourceType: 'API',
    applicationId,
  });
  const category = await api('POST', '/api/admin-service/resource', {
    name: 'Shop',
    id: 'shop',
    type: 'CATEGORY',
    order: 1,
    status: 'ENABLED',
    applicationId,
  });
  const client = await api('POST', `${V2}/application/client`, { clientName: 'c', applicationId });
  const page = await api('POST', `${V2}/application/pages`, { applicationId, name: 'p', route: '/p' });
  const apiRecord = await api('POST', `${V2}/application/api`, {
    applicationId,
    method: 'GET',
    pathPattern: '/x',
  });
  return { permission, category, client, page, api: apiRecord };
};
const a = await inApp(appA);
const b = await inApp(appB);

const [builtin] = await t.db.select().from(roles).where(eq(roles.builtin, true));
const adminRoleId = builtin!.roleId;

/** A role with `grants`, made by the administrator. */
const role = async (code: string, grants: { permissions?: unknown[]; resources?: string[] } = {}) => {
  const created = await api('POST', `${V2}/role`, { name: code, code: unique(code) });
  await api('PUT', `${V2}/role/${created.roleId}/grants`, { permissions: [], resources: [], ...grants });
  return created as { roleId: string; code: string; name: string };
};
const ordersIn = (applicationId: string, actions: string[]) => ({
  applicationId,
  permissionId: 'orders',
  actionEntitySet: actions,
});

// ---- the manager: every console area with every action, limited to A; A's orders to read
const areas = [
  ...new Set([
    ...consolePermissionIds(),
    ...t.app.routeAccess.flatMap((r) => grantsOf(r.access).map((g) => g.permissionId)),
  ]),
];
const managerRole = await role('esc-manager', {
  permissions: [
    ...areas.map((permissionId) => ({
      applicationId: PLATFORM_APP_ID,
      permissionId,
      actionEntitySet: ['create', 'update', 'retrieve', 'delete'],
      applicationIds: [appA],
    })),
    ordersIn(appA, ['retrieve']),
  ],
});
const managerUser = await api('POST', `${V2}/user`, {
  username: 'esc-manager',
  name: 'Manager',
  email: 'm@example.test',
  password: 'manager-password-123',
  mustChangePassword: false,
});
await api('PUT', `${V2}/user/${managerUser.userId}/roles`, { roleIds: [managerRole.roleId] });
const manager = await t.login('esc-manager', 'manager-password-123');

// ---- what it tries to reach
const roleB = await role('esc-role-b', { permissions: [ordersIn(appB, ['retrieve'])] });
/** Within A, but more than the manager holds (it may only read A's orders). */
const roleADelete = await role('esc-role-a-delete', { permissions: [ordersIn(appA, ['delete'])] });
const roleAUnlimited = await role('esc-role-unlimited', {
  permissions: [
    {
      applicationId: PLATFORM_APP_ID,
      permissionId: 'app-config.client',
      actionEntitySet: ['update'],
    },
  ],
});
const roleAEmpty = await role('esc-role-a-empty');
/** Grants nothing and nobody holds it: the manager may delete it. */
const roleASpare = await role('esc-role-a-spare');
const newUser = async (roleIds: string[] = []) => {
  const user = await api('POST', `${V2}/user`, {
    username: unique('esc-user'),
    name: 'U',
    email: 'u@example.test',
    password: 'user-password-1234',
    mustChangePassword: false,
  });
  if (roleIds.length > 0) await api('PUT', `${V2}/user/${user.userId}/roles`, { roleIds });
  return user as { userId: string; username: string };
};
const userB = await newUser([roleB.roleId]);
const otherAdmin = await newUser([adminRoleId]);
// An identity provider, and an identity of a user of B at it.
const [idp] = await t.db
  .insert(identityProviders)
  .values({
    type: 'oidc',
    name: 'Escalation IdP',
    settings: {
      jitProvisioning: false,
      trustEmail: false,
      trustMfa: false,
      mfaValues: [],
      attributes: {},
      rules: [],
      oidc: { issuer: 'https://idp.invalid', clientId: 'escalation', scopes: ['openid'], pkce: true },
    },
  })
  .returning();
const [identityB] = await t.db
  .insert(userIdentities)
  .values({ providerId: idp!.providerId, subject: 'b-subject', userId: userB.userId })
  .returning();
const plain = await newUser();
const groupB = await api('POST', `${V2}/group`, { name: 'gb', code: unique('esc-group-b') });
await api('PUT', `${V2}/group/${groupB.groupId}/roles`, { roleIds: [roleB.roleId] });
const groupA = await api('POST', `${V2}/group`, { name: 'ga', code: unique('esc-group-a') });
const org = await api('POST', `${V2}/organization`, { name: 'o', code: unique('esc-org') });
const aclA = await api('POST', `${V2}/application/acl`, {
  applicationId: appA,
  subjectType: 'USER',
  subjectId: plain.userId,
  targetType: 'PERMISSION',
  targetId: a.permission.resourceId,
  actions: ['retrieve'],
});
const aclB = await api('POST', `${V2}/application/acl`, {
  applicationId: appB,
  subjectType: 'USER',
  subjectId: plain.userId,
  targetType: 'PERMISSION',
  targetId: b.permission.resourceId,
  actions: ['retrieve'],
});
const pageAOff = await api('POST', `${V2}/application/pages`, {
  applicationId: appA,
  name: 'off',
  route: '/off',
  status: 'DISABLED',
});
await api('POST', `${V2}/application/pages/${pageAOff.pageId}/elements`, {
  code: 'order:refund',
  name: 'Refund',
  roleIds: [roleAEmpty.roleId],
});
await api('POST', `${V2}/application/pages/${b.page.pageId}/elements`, { code: 'b:button', name: 'B' });
const disabledRoleA = await role('esc-role-a-off', { permissions: [ordersIn(appA, ['delete'])] });
await api('PUT', `${V2}/role/${disabledRoleA.roleId}/status`, { status: 'DISABLED' });

type Attempt = { label: string; method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
type Row = Attempt[] | { none: string };

const grantsBody = (permissions: unknown[], resources: string[] = []) => ({ permissions, resources });
const ownGrants = (await t.get(`${V2}/role/${managerRole.roleId}/grants`, admin)).json();

// B's configuration as its administrator exports it: what a manager of A would import into B.
const configOfB = (await t.get(`${V2}/application/${appB}/config-export`, admin)).json();

// An identity provider whose rule gives the Administrator role to whoever its upstream says
// is in `gh-admins`: repointing it at an upstream of the manager's own would make them one.
const ADMIN_RULE = { attribute: 'groups', value: 'gh-admins', target: 'role', targetId: adminRoleId };
const PROVIDER = {
  type: 'oidc',
  name: 'Company IdP',
  enabled: false,
  oidc: { issuer: 'https://idp.invalid', clientId: 'gatehouse', clientSecret: 'escalation-secret' },
  rules: [ADMIN_RULE],
};
const provider = await api('POST', `${V2}/identity-providers`, PROVIDER);

// A personal access token of another administrator: revoking it is theirs, or an administrator's.
const otherAdminSession = await t.login(otherAdmin.username, 'user-password-1234');
const otherAdminToken = (
  await t.post(
    '/api/admin-service/user/personal-access-tokens',
    {
      name: 'automation',
      expiresInDays: 30,
      scope: [{ permissionId: 'app-config.client', action: 'retrieve' }],
    },
    otherAdminSession,
  )
).json() as { tokenId: string };

const ROWS: Record<string, Row> = {
  // ---- identity providers: the platform's, and a way to hand out the roles their rules name
  'POST /api/admin-service/v2/identity-providers': [
    {
      label: 'create a provider whose rule makes its users administrators',
      method: 'POST',
      url: `${V2}/identity-providers`,
      body: { ...PROVIDER, enabled: true, oidc: { ...PROVIDER.oidc, issuer: 'https://mine.invalid' } },
    },
  ],
  'PUT /api/admin-service/v2/identity-providers': [
    {
      label: 'repoint the administrators’ provider at an upstream of its own',
      method: 'PUT',
      url: `${V2}/identity-providers`,
      body: {
        ...PROVIDER,
        providerId: provider.providerId,
        oidc: { ...PROVIDER.oidc, issuer: 'https://mine.invalid', clientSecret: 'mine' },
      },
    },
  ],
  'PUT /api/admin-service/v2/identity-providers/:id/status': [
    {
      label: 'turn on the administrators’ provider',
      method: 'PUT',
      url: `${V2}/identity-providers/${provider.providerId}/status`,
      body: { status: 'ENABLED' },
    },
  ],
  'DELETE /api/admin-service/v2/identity-providers/:id': [
    {
      label: 'delete the administrators’ provider',
      method: 'DELETE',
      url: `${V2}/identity-providers/${provider.providerId}`,
    },
  ],
  'POST /api/admin-service/v2/identity-providers/:id/test': { none: 'a test changes nothing' },

  // ---- configuration transfer
  'POST /api/admin-service/v2/application/:applicationId/config-import': [
    {
      label: "rewrite B's configuration by an import",
      method: 'POST',
      url: `${V2}/application/${appB}/config-import`,
      body: configOfB,
    },
  ],
  'POST /api/admin-service/v2/application/:applicationId/config-import/preview': [
    {
      label: "preview an import into B (the preview's writes are rolled back, and refused first)",
      method: 'POST',
      url: `${V2}/application/${appB}/config-import/preview`,
      body: configOfB,
    },
  ],
  // ---- users
  'POST /api/admin-service/v2/user': { none: 'a new account holds nothing' },
  'PUT /api/admin-service/v2/user': [
    {
      label: 'take over a user of B by their email',
      method: 'PUT',
      url: `${V2}/user`,
      body: { userId: userB.userId, name: 'U', email: 'attacker@example.test' },
    },
    {
      label: 'take over an administrator by their email',
      method: 'PUT',
      url: `${V2}/user`,
      body: { userId: otherAdmin.userId, name: 'U', email: 'attacker@example.test' },
    },
  ],
  'PUT /api/admin-service/v2/user/:id/status': [
    {
      label: 'disable a user of B',
      method: 'PUT',
      url: `${V2}/user/${userB.userId}/status`,
      body: { status: 'DISABLED' },
    },
  ],
  'DELETE /api/admin-service/v2/user/:id': [
    { label: 'delete a user of B', method: 'DELETE', url: `${V2}/user/${userB.userId}` },
  ],
  'POST /api/admin-service/v2/user/bulk': [
    {
      label: 'disable a user of A and one of B at once',
      method: 'POST',
      url: `${V2}/user/bulk`,
      body: { action: 'disable', ids: [plain.userId, userB.userId] },
    },
    {
      label: 'disable an administrator by ids',
      method: 'POST',
      url: `${V2}/user/bulk`,
      body: { action: 'disable', ids: [otherAdmin.userId] },
    },
    {
      label: 'disable all users matching a user of B',
      method: 'POST',
      url: `${V2}/user/bulk`,
      body: { action: 'disable', all: true, query: { keyword: userB.username } },
    },
    {
      label: 'delete all users matching an administrator',
      method: 'POST',
      url: `${V2}/user/bulk`,
      body: { action: 'delete', all: true, query: { keyword: otherAdmin.username } },
    },
  ],
  'DELETE /api/admin-service/v2/user/:id/personal-access-tokens/:tokenId': [
    {
      label: "revoke an administrator's personal access token",
      method: 'DELETE',
      url: `${V2}/user/${otherAdmin.userId}/personal-access-tokens/${otherAdminToken.tokenId}`,
    },
  ],
  'DELETE /api/admin-service/v2/user/:id/two-factor': [
    {
      label: "reset an administrator's 2FA",
      method: 'DELETE',
      url: `${V2}/user/${otherAdmin.userId}/two-factor`,
    },
  ],
  'PUT /api/admin-service/v2/user/:id/roles': [
    {
      label: "give itself B's role",
      method: 'PUT',
      url: `${V2}/user/${managerUser.userId}/roles`,
      body: { roleIds: [managerRole.roleId, roleB.roleId] },
    },
    {
      label: 'give a user a role of A beyond its own rights',
      method: 'PUT',
      url: `${V2}/user/${plain.userId}/roles`,
      body: { roleIds: [roleADelete.roleId] },
    },
    {
      label: 'give a user a disabled role of A beyond its own rights',
      method: 'PUT',
      url: `${V2}/user/${plain.userId}/roles`,
      body: { roleIds: [disabledRoleA.roleId] },
    },
    {
      label: 'give a user an unlimited console grant',
      method: 'PUT',
      url: `${V2}/user/${plain.userId}/roles`,
      body: { roleIds: [roleAUnlimited.roleId] },
    },
    {
      label: 'make a user an administrator',
      method: 'PUT',
      url: `${V2}/user/${plain.userId}/roles`,
      body: { roleIds: [adminRoleId] },
    },
    {
      label: "take B's role from its user",
      method: 'PUT',
      url: `${V2}/user/${userB.userId}/roles`,
      body: { roleIds: [] },
    },
  ],
  'PUT /api/admin-service/v2/user/:id/groups': [
    {
      label: "put itself in B's group",
      method: 'PUT',
      url: `${V2}/user/${managerUser.userId}/groups`,
      body: { groupIds: [groupB.groupId] },
    },
  ],
  'PUT /api/admin-service/v2/user/:id/password': [
    {
      label: 'reset the password of a user of B',
      method: 'PUT',
      url: `${V2}/user/${userB.userId}/password`,
      body: {},
    },
    {
      label: "reset an administrator's password",
      method: 'PUT',
      url: `${V2}/user/${otherAdmin.userId}/password`,
      body: {},
    },
  ],
  'POST /api/admin-service/v2/user/:id/password/expire': [
    {
      label: "expire a user of B's password",
      method: 'POST',
      url: `${V2}/user/${userB.userId}/password/expire`,
    },
  ],
  'DELETE /api/admin-service/v2/user/:id/sessions': [
    {
      label: "end an administrator's sessions",
      method: 'DELETE',
      url: `${V2}/user/${otherAdmin.userId}/sessions`,
    },
  ],
  'POST /api/admin-service/v2/user/:id/identities': [
    {
      label: 'link an identity to an administrator, to sign in as them',
      method: 'POST',
      url: `${V2}/user/${otherAdmin.userId}/identities`,
      body: { providerId: idp!.providerId, subject: 'escalation-admin' },
    },
    {
      label: 'link an identity to a user of B',
      method: 'POST',
      url: `${V2}/user/${userB.userId}/identities`,
      body: { providerId: idp!.providerId, subject: 'escalation-b' },
    },
  ],
  'DELETE /api/admin-service/v2/user/:id/identities/:identityId': [
    {
      label: "unlink a user of B's identity",
      method: 'DELETE',
      url: `${V2}/user/${userB.userId}/identities/${identityB!.identityId}`,
    },
  ],
  'PUT /api/admin-service/v2/application/:applicationId/identity-providers': [
    {
      label: "limit B's users to some identity providers",
      method: 'PUT',
      url: `${V2}/application/${appB}/identity-providers`,
      body: { limited: true, providerIds: [idp!.providerId] },
    },
  ],
  'DELETE /api/admin-service/v2/user/:id/sessions/:sessionId': [
    {
      label: "end one of a user of B's sessions",
      method: 'DELETE',
      url: `${V2}/user/${userB.userId}/sessions/00000000-0000-4000-8000-000000000000`,
    },
  ],

  // ---- groups
  'POST /api/admin-service/v2/group': { none: 'a new group gives nothing' },
  'PUT /api/admin-service/v2/group': [
    {
      label: "rename B's group",
      method: 'PUT',
      url: `${V2}/group`,
      body: { groupId: groupB.groupId, name: 'renamed', code: groupB.code },
    },
  ],
  'PUT /api/admin-service/v2/group/:id/status': [
    {
      label: "disable B's group",
      method: 'PUT',
      url: `${V2}/group/${groupB.groupId}/status`,
      body: { status: 'DISABLED' },
    },
  ],
  'DELETE /api/admin-service/v2/group/:id': [
    { label: "delete B's group", method: 'DELETE', url: `${V2}/group/${groupB.groupId}` },
  ],
  'POST /api/admin-service/v2/group/bulk': [
    {
      label: "disable A's group and B's at once",
      method: 'POST',
      url: `${V2}/group/bulk`,
      body: { action: 'disable', ids: [groupA.groupId, groupB.groupId] },
    },
    {
      label: "delete all groups matching B's",
      method: 'POST',
      url: `${V2}/group/bulk`,
      body: { action: 'delete', all: true, query: { code: groupB.code } },
    },
  ],
  'PUT /api/admin-service/v2/group/:id/members': [
    {
      label: "join B's group",
      method: 'PUT',
      url: `${V2}/group/${groupB.groupId}/members`,
      body: { userIds: [managerUser.userId] },
    },
    {
      label: 'put a user of B in a group of A',
      method: 'PUT',
      url: `${V2}/group/${groupA.groupId}/members`,
      body: { userIds: [userB.userId] },
    },
    {
      label: 'put an administrator in a group of A',
      method: 'PUT',
      url: `${V2}/group/${groupA.groupId}/members`,
      body: { userIds: [otherAdmin.userId] },
    },
  ],
  'PUT /api/admin-service/v2/group/:id/roles': [
    {
      label: "give a group of A B's role",
      method: 'PUT',
      url: `${V2}/group/${groupA.groupId}/roles`,
      body: { roleIds: [roleB.roleId] },
    },
    {
      label: 'give a group of A a role beyond its rights',
      method: 'PUT',
      url: `${V2}/group/${groupA.groupId}/roles`,
      body: { roleIds: [roleADelete.roleId] },
    },
    {
      label: 'give a group the built-in role',
      method: 'PUT',
      url: `${V2}/group/${groupA.groupId}/roles`,
      body: { roleIds: [adminRoleId] },
    },
  ],

  // ---- roles and their grants
  'POST /api/admin-service/v2/role': { none: 'a new role grants nothing' },
  'PUT /api/admin-service/v2/role': [
    {
      label: "rename B's role",
      method: 'PUT',
      url: `${V2}/role`,
      body: { roleId: roleB.roleId, name: 'renamed', code: roleB.code },
    },
  ],
  'PUT /api/admin-service/v2/role/:id/status': [
    {
      label: "disable B's role",
      method: 'PUT',
      url: `${V2}/role/${roleB.roleId}/status`,
      body: { status: 'DISABLED' },
    },
    {
      label: 'enable a role of A that grants beyond its rights',
      method: 'PUT',
      url: `${V2}/role/${disabledRoleA.roleId}/status`,
      body: { status: 'ENABLED' },
    },
  ],
  'DELETE /api/admin-service/v2/role/:id': [
    { label: 'delete the unlimited role', method: 'DELETE', url: `${V2}/role/${roleAUnlimited.roleId}` },
  ],
  'POST /api/admin-service/v2/role/bulk': [
    {
      label: "disable B's role by ids",
      method: 'POST',
      url: `${V2}/role/bulk`,
      body: { action: 'disable', ids: [roleB.roleId] },
    },
    {
      label: 'enable all roles matching a role of A that grants beyond its rights',
      method: 'POST',
      url: `${V2}/role/bulk`,
      body: { action: 'enable', all: true, query: { code: disabledRoleA.code } },
    },
    {
      label: 'delete the unlimited role by ids',
      method: 'POST',
      url: `${V2}/role/bulk`,
      body: { action: 'delete', ids: [roleASpare.roleId, roleAUnlimited.roleId] },
    },
  ],
  'PUT /api/admin-service/v2/role/:id/grants': [
    {
      label: 'widen its own role with something it holds',
      method: 'PUT',
      url: `${V2}/role/${managerRole.roleId}/grants`,
      body: { ...ownGrants, resources: [a.category.resourceId] },
    },
    {
      label: "give a role of A B's permission",
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([ordersIn(appB, ['retrieve'])]),
    },
    {
      label: 'give a role of A a permission action it lacks',
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([ordersIn(appA, ['retrieve', 'delete'])]),
    },
    {
      label: 'give a role of A an unlimited console area',
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([
        { applicationId: PLATFORM_APP_ID, permissionId: 'app-config.client', actionEntitySet: ['retrieve'] },
      ]),
    },
    {
      label: 'give a role of A a console area for B',
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([
        {
          applicationId: PLATFORM_APP_ID,
          permissionId: 'app-config.client',
          actionEntitySet: ['retrieve'],
          applicationIds: [appA, appB],
        },
      ]),
    },
    {
      label: 'give a role of A a resource of A it does not hold',
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([], [a.category.resourceId]),
    },
    {
      label: "give a role of A B's resource",
      method: 'PUT',
      url: `${V2}/role/${roleAEmpty.roleId}/grants`,
      body: grantsBody([], [b.category.resourceId]),
    },
    {
      label: "narrow B's role",
      method: 'PUT',
      url: `${V2}/role/${roleB.roleId}/grants`,
      body: grantsBody([]),
    },
  ],

  // ---- organization members (a user's organization is part of their account)
  'PUT /api/admin-service/v2/organization/:id/members': [
    {
      label: 'move a user of B into an organization',
      method: 'PUT',
      url: `${V2}/organization/${org.organizationId}/members`,
      body: { userIds: [userB.userId] },
    },
  ],

  // ---- applications and what they hold
  'POST /api/admin-service/v2/application': [
    {
      label: 'create an application outside A',
      method: 'POST',
      url: `${V2}/application`,
      body: { applicationId: unique('esc-new'), name: 'New' },
    },
  ],
  'PUT /api/admin-service/v2/application': [
    {
      label: 'open B to every user',
      method: 'PUT',
      url: `${V2}/application`,
      body: { applicationId: appB, name: appB, openToAllUsers: true },
    },
  ],
  'POST /api/admin-service/v2/application/bulk': [
    {
      label: 'disable A and B at once',
      method: 'POST',
      url: `${V2}/application/bulk`,
      body: { action: 'disable', ids: [appA, appB] },
    },
  ],
  'POST /api/admin-service/v2/application/acl': [
    {
      label: "give itself B's permission by an entry",
      method: 'POST',
      url: `${V2}/application/acl`,
      body: {
        applicationId: appB,
        subjectType: 'USER',
        subjectId: managerUser.userId,
        targetType: 'PERMISSION',
        targetId: b.permission.resourceId,
        actions: ['retrieve'],
      },
    },
    {
      label: 'give itself an action of A it lacks by an entry',
      method: 'POST',
      url: `${V2}/application/acl`,
      body: {
        applicationId: appA,
        subjectType: 'USER',
        subjectId: managerUser.userId,
        targetType: 'PERMISSION',
        targetId: a.permission.resourceId,
        actions: ['delete'],
      },
    },
    {
      label: 'give its own role a resource of A it does not hold by an entry',
      method: 'POST',
      url: `${V2}/application/acl`,
      body: {
        applicationId: appA,
        subjectType: 'ROLE',
        subjectId: managerRole.roleId,
        targetType: 'RESOURCE',
        targetId: a.category.resourceId,
        actions: ['retrieve'],
      },
    },
  ],
  'PUT /api/admin-service/v2/application/acl': [
    {
      label: 'widen an entry of A beyond its rights',
      method: 'PUT',
      url: `${V2}/application/acl`,
      body: { ...pick(aclA), actions: ['retrieve', 'delete'] },
    },
    {
      label: 'change an entry of B',
      method: 'PUT',
      url: `${V2}/application/acl`,
      body: { ...pick(aclB), actions: ['retrieve', 'update'] },
    },
  ],
  'PUT /api/admin-service/v2/application/acl/:id/status': [
    {
      label: 'disable an entry of B',
      method: 'PUT',
      url: `${V2}/application/acl/${aclB.aclId}/status`,
      body: { status: 'DISABLED' },
    },
  ],
  'POST /api/admin-service/v2/application/acl/bulk': [
    {
      label: 'disable an entry of A and one of B at once',
      method: 'POST',
      url: `${V2}/application/acl/bulk`,
      body: { action: 'disable', ids: [aclA.aclId, aclB.aclId] },
    },
    {
      label: "disable all of B's entries",
      method: 'POST',
      url: `${V2}/application/acl/bulk`,
      body: { action: 'disable', all: true, query: { applicationId: appB } },
    },
  ],
  'POST /api/admin-service/v2/application/api': [
    {
      label: 'add an API to B',
      method: 'POST',
      url: `${V2}/application/api`,
      body: { applicationId: appB, method: 'GET', pathPattern: '/y' },
    },
  ],
  'PUT /api/admin-service/v2/application/api': [
    {
      label: "change B's API",
      method: 'PUT',
      url: `${V2}/application/api`,
      body: { ...pick(b.api), pathPattern: '/z' },
    },
  ],
  'POST /api/admin-service/v2/application/api/bulk': [
    {
      label: "disable A's API and B's at once",
      method: 'POST',
      url: `${V2}/application/api/bulk`,
      body: { action: 'disable', ids: [a.api.apiId, b.api.apiId] },
    },
    {
      label: "disable all of B's APIs",
      method: 'POST',
      url: `${V2}/application/api/bulk`,
      body: { action: 'disable', all: true, query: { applicationId: appB } },
    },
  ],
  'POST /api/admin-service/v2/application/pages': [
    {
      label: 'add a page to B',
      method: 'POST',
      url: `${V2}/application/pages`,
      body: { applicationId: appB, name: 'q', route: '/q' },
    },
  ],
  'PUT /api/admin-service/v2/application/pages/:id': [
    {
      label: "change B's page",
      method: 'PUT',
      url: `${V2}/application/pages/${b.page.pageId}`,
      body: { applicationId: appB, name: 'renamed', route: '/p' },
    },
    {
      label: 'enable a page of A whose element it does not hold',
      method: 'PUT',
      url: `${V2}/application/pages/${pageAOff.pageId}`,
      body: { applicationId: appA, name: 'off', route: '/off', status: 'ENABLED' },
    },
  ],
  'DELETE /api/admin-service/v2/application/pages/:id': [
    { label: "delete B's page", method: 'DELETE', url: `${V2}/application/pages/${b.page.pageId}` },
  ],
  'POST /api/admin-service/v2/application/pages/bulk': [
    {
      label: "delete B's page by ids",
      method: 'POST',
      url: `${V2}/application/pages/bulk`,
      body: { action: 'delete', ids: [b.page.pageId] },
    },
    {
      label: 'enable all pages of A matching one whose element it does not hold',
      method: 'POST',
      url: `${V2}/application/pages/bulk`,
      body: { action: 'enable', all: true, query: { applicationId: appA, route: '/off' } },
    },
    {
      label: "disable all of B's pages",
      method: 'POST',
      url: `${V2}/application/pages/bulk`,
      body: { action: 'disable', all: true, query: { applicationId: appB } },
    },
  ],
  'POST /api/admin-service/v2/application/pages/:id/elements': [
    {
      label: "add a button to B's page",
      method: 'POST',
      url: `${V2}/application/pages/${b.page.pageId}/elements`,
      body: { code: 'b:more', name: 'More' },
    },
    {
      label: 'show itself a button of A it does not hold',
      method: 'POST',
      url: `${V2}/application/pages/${a.page.pageId}/elements`,
      body: { code: 'order:approve', name: 'Approve', roleIds: [managerRole.roleId] },
    },
    {
      label: "show a button of A to B's role",
      method: 'POST',
      url: `${V2}/application/pages/${a.page.pageId}/elements`,
      body: { code: 'order:view', name: 'View', roleIds: [roleB.roleId] },
    },
  ],
  'DELETE /api/admin-service/v2/application/pages/:id/elements/:element': [
    {
      label: "remove a button of B's page",
      method: 'DELETE',
      url: `${V2}/application/pages/${b.page.pageId}/elements/b:button`,
    },
  ],
  'POST /api/admin-service/v2/application/client': [
    {
      label: 'add a client to B',
      method: 'POST',
      url: `${V2}/application/client`,
      body: { clientName: 'rogue', applicationId: appB },
    },
  ],
  'PUT /api/admin-service/v2/application/client': [
    {
      label: "point B's client elsewhere",
      method: 'PUT',
      url: `${V2}/application/client`,
      body: { acId: b.client.acId, clientName: 'c', redirectUrl: 'https://attacker.example/cb' },
    },
  ],
  'PUT /api/admin-service/v2/application/client/:acId/service-account': [
    {
      label: "give B's client a service account",
      method: 'PUT',
      url: `${V2}/application/client/${b.client.acId}/service-account`,
      body: { enabled: true },
    },
  ],
  'PUT /api/admin-service/v2/application/client/status': [
    {
      label: "disable B's client",
      method: 'PUT',
      url: `${V2}/application/client/status`,
      body: { acId: b.client.acId, status: 'DISABLED' },
    },
  ],
  'POST /api/admin-service/v2/application/client/bulk': [
    {
      label: "disable A's client and B's at once",
      method: 'POST',
      url: `${V2}/application/client/bulk`,
      body: { action: 'disable', ids: [a.client.acId, b.client.acId] },
    },
    {
      label: "disable all of B's clients",
      method: 'POST',
      url: `${V2}/application/client/bulk`,
      body: { action: 'disable', all: true, query: { applicationId: appB } },
    },
  ],
  'POST /api/admin-service/v2/application/client/:acId/secret': [
    {
      label: "rotate B's client secret",
      method: 'POST',
      url: `${V2}/application/client/${b.client.acId}/secret`,
      body: {},
    },
  ],
  'PUT /api/admin-service/applicationClient/updateClientStatus': [
    {
      label: "toggle B's client (spec §7 call)",
      method: 'PUT',
      url: `/api/admin-service/applicationClient/updateClientStatus?acId=${b.client.acId}`,
    },
  ],
};

/** A record as a PUT body: without the read-only fields. */
function pick(record: Record<string, unknown>): Record<string, unknown> {
  const { createdDate: _c, lastModifiedDate: _l, ...rest } = record;
  return rest;
}

/** The routes of the areas delegation governs: every change to users, groups, roles, grants, clients, applications. */
const AREAS = [
  /^\/api\/admin-service\/v2\/(user|group|role)(\/|$)/,
  /^\/api\/admin-service\/v2\/application(\/|$)/,
  /^\/api\/admin-service\/applicationClient\//,
  /^\/api\/admin-service\/v2\/organization\/:id\/members$/,
  /^\/api\/admin-service\/v2\/identity-providers(\/|$)/,
];
const governed = [
  ...new Set(
    t.app.routeAccess
      .filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && AREAS.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`),
  ),
].sort();

/** Every table whose rows say who holds what, as one fingerprint per table. */
const TABLES = [
  'users',
  'sessions',
  'roles',
  'user_roles',
  'role_permissions',
  'role_resources',
  'groups',
  'group_members',
  'group_roles',
  'organizations',
  'applications',
  'application_clients',
  'client_secrets',
  'application_acls',
  'application_apis',
  'application_pages',
  'page_elements',
  'page_element_roles',
  'recovery_codes',
  'passkeys',
  'personal_access_tokens',
  'identity_providers',
  'user_identities',
  'application_provider_limits',
];
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const rows = await t.db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
      ),
    );
    const row =
      (rows as unknown as { rows?: { n: number; h: string }[] }).rows?.[0] ??
      (rows as unknown as { n: number; h: string }[])[0]!;
    out[table] = `${row.n}:${row.h}`;
  }
  return out;
}

describe('escalation matrix', () => {
  it('has a row for every route that changes users, groups, roles, grants, clients or applications', () => {
    expect(
      governed.filter((key) => !(key in ROWS)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((key) => !governed.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  const attempts = governed.flatMap((key) => {
    const row = ROWS[key];
    return row && !('none' in row) ? row.map((attempt) => ({ key, ...attempt })) : [];
  });
  const none = governed.filter((key) => {
    const row = ROWS[key];
    return row !== undefined && 'none' in row;
  });
  console.info(
    `escalation matrix: ${governed.length} routes, ${attempts.length} attempts by a manager limited to one application; ${none.length} routes give nothing (${none.join(', ')})`,
  );

  it.each(attempts.map((x) => [`${x.key}: ${x.label}`, x] as const))(
    '%s is refused and changes nothing',
    async (_name, attempt) => {
      const before = await fingerprint();
      const res = await t.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { authorization: `Bearer ${manager}` },
        ...(attempt.body === undefined ? {} : { payload: attempt.body as object }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(await fingerprint()).toEqual(before);
    },
  );

  it('the same manager may act within A and its own rights', async () => {
    const user = await newUser();
    const roleA = await role('esc-role-a');
    for (const res of [
      await t.inject({
        method: 'PUT',
        url: `${V2}/role/${roleA.roleId}/grants`,
        headers: { authorization: `Bearer ${manager}` },
        payload: grantsBody([ordersIn(appA, ['retrieve'])]),
      }),
      await t.inject({
        method: 'PUT',
        url: `${V2}/user/${user.userId}/roles`,
        headers: { authorization: `Bearer ${manager}` },
        payload: { roleIds: [roleA.roleId] },
      }),
      await t.inject({
        method: 'PUT',
        url: `${V2}/user/${user.userId}/password`,
        headers: { authorization: `Bearer ${manager}` },
        payload: {},
      }),
      await t.inject({
        method: 'PUT',
        url: `${V2}/application/client/status`,
        headers: { authorization: `Bearer ${manager}` },
        payload: { acId: a.client.acId, status: 'DISABLED' },
      }),
    ])
      expect(res.statusCode, res.body).toBe(200);
  });
});
