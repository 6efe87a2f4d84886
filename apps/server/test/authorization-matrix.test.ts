/**
 * The authorization matrix, built from the route table itself (`app.routeAccess`): every
 * guarded /api route is called by five callers, and a route without a sample here fails the
 * suite, so a new route cannot be left out.
 *
 *  - anonymous: 401 everywhere, and a signed-in user with no grants 403 on every route that
 *    names a grant; both send no body, since the guard answers before validation;
 *  - a reader whose role may only retrieve, on every platform area, in application A:
 *    200 on reads, 403 on writes, and a read of application B is a 403 (the application
 *    list and its export, whose applicationId is a search filter, answer empty instead); the
 *    reads of what serves the whole platform (identity providers) are 403 too;
 *  - an exporter whose role may only `export`, on every platform area that offers it (the
 *    audit trail), in application A: 200 on the routes that need `export`, 403 on every other
 *    route and on an export of application B; reading does not give it, nor it reading;
 *  - the administrator: 200 on every read and export, in either application; no write refused.
 * `authenticated` routes (the caller's own things) are open to every signed-in caller.
 */

import { randomUUID } from 'node:crypto';
import { type Action, actionsOf, PLATFORM_APP_ID } from '@gatehouse/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { identityProviders, personalAccessTokens, webhookDeliveries } from '../src/db/schema/index.ts';
import { grantsOf, type RouteAccess } from '../src/lib/request-context.ts';
import { consolePermissionIds } from '../src/platform/seed.ts';
import { createApplication } from './fixtures.ts';
import { build } from './helper.ts';

const t = await build();

type Req = { url: string; body?: unknown };
type Sample = {
  /** The request; where the route concerns an application, in application A. */
  req: () => Req | Promise<Req>;
  /** The same read in application B, which the reader must not see. */
  inB?: () => Req | Promise<Req>;
  /** The call ends the session it is made with, so it gets a session of its own. */
  ownSession?: boolean;
};

// ---- fixtures, made through the API as the administrator --------------------------------
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
const V2 = '/api/admin-service/v2';
const appA = await createApplication(t.db, 'matrix-a');
const appB = await createApplication(t.db, 'matrix-b');
const inApp = async (applicationId: string) => ({
  client: await api('POST', `${V2}/application/client`, { clientName: 'c', applicationId }),
  node: await api('POST', '/api/admin-service/resource', {
    name: 'Root',
    id: 'root',
    type: 'CATEGORY',
    order: 1,
    status: 'ENABLED',
    applicationId,
  }),
  dataAccess: await api('POST', '/api/admin-service/data/access', {
    name: 'd',
    id: 'd',
    category: 'c',
    applicationId,
  }),
  permission: await api('POST', '/api/admin-service/permission/createPermission', {
    name: 'p',
    id: 'p',
    resourceType: 'API',
    applicationId,
  }),
});
const a = await inApp(appA);
const b = await inApp(appB);
/** The audit record of the client's creation in each application. */
const auditIdOf = async (acId: string) => {
  const res = await t.get(`${V2}/audit?entity=application-client&entityId=${acId}`, admin);
  return res.json().content[0].auditId as string;
};
const auditA = await auditIdOf(a.client.acId);
const auditB = await auditIdOf(b.client.acId);
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;
const newUser = async (password?: string) =>
  api('POST', `${V2}/user`, {
    username: unique('matrix-user'),
    name: 'Matrix',
    email: 'm@example.com',
    ...(password ? { password, mustChangePassword: false } : {}),
  });
const target = await newUser();
const sessionUser = await newUser('session-user-password');
const sessionOf = async () => {
  await t.login(sessionUser.username, 'session-user-password');
  const sessions = (await t.get(`${V2}/user/${sessionUser.userId}/sessions`, admin)).json();
  return sessions[0].sessionId as string;
};
const newGroup = () => api('POST', `${V2}/group`, { name: 'g', code: unique('matrix-group') });
const newRole = () => api('POST', `${V2}/role`, { name: 'r', code: unique('matrix-role') });
const newOrg = () => api('POST', `${V2}/organization`, { name: 'o', code: unique('matrix-org') });
const group = await newGroup();
const role = await newRole();
const org = await newOrg();
// The v2 catalogue and the dictionary, one of each in each application.
const catalogIn = async (applicationId: string, permissionId: string) => {
  const object = await api('POST', `${V2}/object`, { applicationId, name: 'o', code: unique('obj') });
  const dictionary = await api('POST', `${V2}/dictionary`, {
    applicationId,
    name: 'd',
    code: unique('dict'),
  });
  return {
    acl: await api('POST', `${V2}/application/acl`, {
      applicationId,
      subjectType: 'USER',
      subjectId: target.userId,
      targetType: 'PERMISSION',
      targetId: permissionId,
      actions: ['retrieve'],
    }),
    api: await api('POST', `${V2}/application/api`, { applicationId, method: 'GET', pathPattern: '/x' }),
    page: await api('POST', `${V2}/application/pages`, { applicationId, name: 'p', route: '/p' }),
    object,
    set: await api('POST', `${V2}/set`, { applicationId, objectId: object.objectId, name: 's', code: 's' }),
    dictionary,
    item: await api('POST', `${V2}/dictionary/item`, {
      dictionaryId: dictionary.dictionaryId,
      code: 'i',
      labelEn: 'I',
      labelZh: 'I',
    }),
  };
};
const catA = await catalogIn(appA, a.permission.resourceId);
const catB = await catalogIn(appB, b.permission.resourceId);
const product = await api('POST', `${V2}/product`, { name: 'p', code: unique('product') });
const newPage = () =>
  api('POST', `${V2}/application/pages`, { applicationId: appA, name: 'p', route: `/${unique('p')}` });
const newObject = () => api('POST', `${V2}/object`, { applicationId: appA, name: 'o', code: unique('obj') });
// Webhooks, one in each application, disabled; their targets resolve nowhere (`.invalid`).
const HOOK = { name: 'w', url: 'https://hooks.invalid/x', events: ['*'], enabled: false };
const newWebhook = async (applicationId = appA) =>
  (await api('POST', `${V2}/webhooks`, { ...HOOK, applicationId })).webhook;
const hookA = await newWebhook(appA);
const hookB = await newWebhook(appB);
/** A finished delivery of a webhook, which may be sent again. */
const finishedDelivery = async (webhookId: string) => {
  const [row] = await t.db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      messageId: `msg_${unique('m')}`,
      eventType: 'webhook.test',
      payload: {},
      status: 'SUCCEEDED',
    })
    .returning();
  return row!.deliveryId;
};
const deliveryA = await finishedDelivery(hookA.webhookId);
const deliveryB = await finishedDelivery(hookB.webhookId);
// Identity providers are the platform's: an OIDC one, disabled; its issuer resolves nowhere.
const PROVIDER = {
  type: 'oidc',
  name: 'idp',
  enabled: false,
  oidc: { issuer: 'https://idp.invalid', clientId: 'gatehouse', clientSecret: 'matrix-secret' },
};
const newProvider = () => api('POST', `${V2}/identity-providers`, PROVIDER);
const provider = await newProvider();
// An identity provider, and an identity of the target user at it.
const [idp] = await t.db
  .insert(identityProviders)
  .values({
    type: 'oidc',
    name: 'Matrix IdP',
    enabled: true,
    settings: {
      jitProvisioning: false,
      trustEmail: false,
      trustMfa: false,
      mfaValues: [],
      attributes: {},
      rules: [],
      oidc: { issuer: 'https://idp.invalid', clientId: 'matrix', scopes: ['openid'], pkce: true },
    },
  })
  .returning();
const newIdentity = async () =>
  (
    await api('POST', `${V2}/user/${target.userId}/identities`, {
      providerId: idp!.providerId,
      subject: unique('subject'),
    })
  ).identityId as string;
const newDictionary = () =>
  api('POST', `${V2}/dictionary`, { applicationId: appA, name: 'd', code: unique('dict') });

/** A document of a small application of its own, for the import routes. */
const importDocument = {
  format: 'gatehouse.application',
  version: 1,
  exportedAt: new Date().toISOString(),
  application: {
    applicationId: 'matrix-import',
    name: 'Imported',
    description: null,
    product: null,
    status: 'ENABLED',
    openToAllUsers: false,
  },
  dataAccesses: [{ id: 'd', name: 'd', category: 'c', object: null, set: null }],
  permissions: [],
  resources: [],
  clients: [],
  acl: [],
  apis: [],
  pages: [],
  objects: [],
  dictionaries: [],
  roles: [],
};

/** The instance as it is now, as the administrator exports it. */
const instanceDocument = async () =>
  (await t.get(`${V2}/config-export`, admin)).json() as Record<string, unknown>;

const SAMPLES: Record<string, Sample> = {
  // ---- the caller's own things
  'POST /api/oauth2-server/logout': { req: () => ({ url: '/api/oauth2-server/logout' }), ownSession: true },
  'POST /api/oauth2-server/change-password': {
    req: () => ({
      url: '/api/oauth2-server/change-password',
      body: { oldPassword: 'not-the-password', newPassword: 'some-new-password' },
    }),
  },
  'POST /api/oauth2-server/unlock': {
    req: () => ({ url: '/api/oauth2-server/unlock', body: { password: 'not-the-password' } }),
  },
  'GET /api/admin-service/user/current': { req: () => ({ url: '/api/admin-service/user/current' }) },
  'PUT /api/admin-service/user/preferences': {
    req: () => ({ url: '/api/admin-service/user/preferences', body: { language: 'en' } }),
  },
  'GET /api/admin-service/user/preferences/tables': {
    req: () => ({ url: '/api/admin-service/user/preferences/tables' }),
  },
  'PUT /api/admin-service/user/preferences/tables/:table': {
    req: () => ({
      url: '/api/admin-service/user/preferences/tables/users',
      body: { hidden: [], widths: {} },
    }),
  },
  'GET /api/oauth2-server/authorization/menus': {
    req: () => ({ url: '/api/oauth2-server/authorization/menus' }),
  },
  'GET /api/oauth2-server/two-factor': { req: () => ({ url: '/api/oauth2-server/two-factor' }) },
  'POST /api/oauth2-server/two-factor/enrolment': {
    req: () => ({ url: '/api/oauth2-server/two-factor/enrolment' }),
  },
  'POST /api/oauth2-server/two-factor/enrolment/confirm': {
    req: () => ({ url: '/api/oauth2-server/two-factor/enrolment/confirm', body: { code: 'not-a-code' } }),
  },
  'POST /api/oauth2-server/two-factor/disable': {
    req: () => ({ url: '/api/oauth2-server/two-factor/disable', body: { password: 'not-the-password' } }),
  },
  'POST /api/oauth2-server/two-factor/recovery-codes': {
    req: () => ({
      url: '/api/oauth2-server/two-factor/recovery-codes',
      body: { password: 'not-the-password' },
    }),
  },
  'GET /api/oauth2-server/passkeys': { req: () => ({ url: '/api/oauth2-server/passkeys' }) },
  'POST /api/oauth2-server/passkeys/registration/options': {
    req: () => ({ url: '/api/oauth2-server/passkeys/registration/options' }),
  },
  'POST /api/oauth2-server/passkeys': {
    req: () => ({ url: '/api/oauth2-server/passkeys', body: { name: 'Key' } }),
  },
  'PUT /api/oauth2-server/passkeys/:passkeyId': {
    req: () => ({ url: `/api/oauth2-server/passkeys/${randomUUID()}`, body: { name: 'Key' } }),
  },
  'POST /api/oauth2-server/passkeys/proof/options': {
    req: () => ({ url: '/api/oauth2-server/passkeys/proof/options' }),
  },
  'POST /api/oauth2-server/passkeys/:passkeyId/remove': {
    req: () => ({
      url: `/api/oauth2-server/passkeys/${randomUUID()}/remove`,
      body: { password: 'not-the-password' },
    }),
  },
  'GET /api/admin/menus': { req: () => ({ url: '/api/admin/menus' }) },
  'GET /api/admin-service/settings': { req: () => ({ url: '/api/admin-service/settings' }) },
  'GET /api/admin-service/user/profile': { req: () => ({ url: '/api/admin-service/user/profile' }) },
  'PUT /api/admin-service/user/profile': {
    req: () => ({
      url: '/api/admin-service/user/profile',
      body: { name: 'Matrix Caller', email: 'caller@example.test' },
    }),
  },
  'GET /api/admin-service/user/sessions': { req: () => ({ url: '/api/admin-service/user/sessions' }) },
  'GET /api/admin-service/user/holdings': { req: () => ({ url: '/api/admin-service/user/holdings' }) },
  'GET /api/admin-service/user/personal-access-tokens': {
    req: () => ({ url: '/api/admin-service/user/personal-access-tokens' }),
  },
  'GET /api/admin-service/user/personal-access-tokens/scope-choices': {
    req: () => ({ url: '/api/admin-service/user/personal-access-tokens/scope-choices' }),
  },
  'POST /api/admin-service/user/personal-access-tokens': {
    req: () => ({
      url: '/api/admin-service/user/personal-access-tokens',
      body: {
        name: 'matrix',
        expiresInDays: 1,
        scope: [{ permissionId: 'app-config.client', action: 'retrieve' }],
      },
    }),
  },
  'DELETE /api/admin-service/user/personal-access-tokens/:tokenId': {
    req: () => ({ url: `/api/admin-service/user/personal-access-tokens/${randomUUID()}` }),
  },
  'GET /api/oauth2-server/federation/identities': {
    req: () => ({ url: '/api/oauth2-server/federation/identities' }),
  },
  'DELETE /api/oauth2-server/federation/identities/:identityId': {
    // Another user's identity: 404 for every signed-in caller, and nothing is unlinked.
    req: async () => ({ url: `/api/oauth2-server/federation/identities/${await newIdentity()}` }),
  },
  'POST /api/oauth2-server/federation/:providerId/link': {
    req: () => ({ url: `/api/oauth2-server/federation/${idp!.providerId}/link` }),
  },
  'DELETE /api/admin-service/user/sessions/:sessionId': {
    // Another user's session: 404 for every signed-in caller, and nobody is signed out.
    req: async () => ({ url: `/api/admin-service/user/sessions/${await sessionOf()}` }),
  },

  // ---- console settings
  'PUT /api/admin-service/settings': {
    req: () => ({ url: '/api/admin-service/settings', body: { lockSeconds: 3600 } }),
  },

  // ---- the audit trail
  'GET /api/admin-service/v2/audit': {
    req: () => ({ url: `${V2}/audit?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/audit?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/audit/:auditId': {
    req: () => ({ url: `${V2}/audit/${auditA}` }),
    inB: () => ({ url: `${V2}/audit/${auditB}` }),
  },
  'GET /api/admin-service/v2/audit/export': {
    req: () => ({ url: `${V2}/audit/export?format=jsonl&applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/audit/export?format=jsonl&applicationId=${appB}` }),
  },

  // ---- webhooks
  'GET /api/admin-service/v2/webhooks': {
    req: () => ({ url: `${V2}/webhooks?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/webhooks?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/webhooks/event-types': { req: () => ({ url: `${V2}/webhooks/event-types` }) },
  'POST /api/admin-service/v2/webhooks': {
    req: () => ({ url: `${V2}/webhooks`, body: { ...HOOK, applicationId: appA } }),
  },
  'GET /api/admin-service/v2/webhooks/:webhookId': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}` }),
    inB: () => ({ url: `${V2}/webhooks/${hookB.webhookId}` }),
  },
  'PUT /api/admin-service/v2/webhooks/:webhookId': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}`, body: { ...HOOK, name: unique('renamed') } }),
  },
  'PUT /api/admin-service/v2/webhooks/:webhookId/status': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/status`, body: { status: 'DISABLED' } }),
  },
  'DELETE /api/admin-service/v2/webhooks/:webhookId': {
    req: async () => ({ url: `${V2}/webhooks/${(await newWebhook()).webhookId}` }),
  },
  'POST /api/admin-service/v2/webhooks/:webhookId/rotate-secret': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/rotate-secret` }),
  },
  'POST /api/admin-service/v2/webhooks/:webhookId/test': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/test` }),
  },
  'GET /api/admin-service/v2/webhooks/:webhookId/deliveries': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/deliveries` }),
    inB: () => ({ url: `${V2}/webhooks/${hookB.webhookId}/deliveries` }),
  },
  'GET /api/admin-service/v2/webhooks/:webhookId/deliveries/:deliveryId': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/deliveries/${deliveryA}` }),
    inB: () => ({ url: `${V2}/webhooks/${hookB.webhookId}/deliveries/${deliveryB}` }),
  },
  'POST /api/admin-service/v2/webhooks/:webhookId/deliveries/:deliveryId/redeliver': {
    req: () => ({ url: `${V2}/webhooks/${hookA.webhookId}/deliveries/${deliveryA}/redeliver` }),
  },

  // ---- identity providers (platform-wide: a grant limited to applications reaches none)
  'GET /api/admin-service/v2/identity-providers': { req: () => ({ url: `${V2}/identity-providers` }) },
  'GET /api/admin-service/v2/identity-providers/:id': {
    req: () => ({ url: `${V2}/identity-providers/${provider.providerId}` }),
  },
  'POST /api/admin-service/v2/identity-providers': {
    req: () => ({ url: `${V2}/identity-providers`, body: PROVIDER }),
  },
  'PUT /api/admin-service/v2/identity-providers': {
    req: () => ({
      url: `${V2}/identity-providers`,
      body: { ...PROVIDER, providerId: provider.providerId, name: unique('renamed') },
    }),
  },
  'PUT /api/admin-service/v2/identity-providers/:id/status': {
    req: () => ({
      url: `${V2}/identity-providers/${provider.providerId}/status`,
      body: { status: 'DISABLED' },
    }),
  },
  'DELETE /api/admin-service/v2/identity-providers/:id': {
    req: async () => ({ url: `${V2}/identity-providers/${(await newProvider()).providerId}` }),
  },
  'POST /api/admin-service/v2/identity-providers/:id/test': {
    req: () => ({ url: `${V2}/identity-providers/${provider.providerId}/test` }),
  },

  // ---- applications
  'GET /api/admin-service/v2/application': {
    req: () => ({ url: `${V2}/application?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/:applicationId': {
    req: () => ({ url: `${V2}/application/${appA}` }),
    inB: () => ({ url: `${V2}/application/${appB}` }),
  },
  // Configuration transfer: the export of A's, and an import into an application of its own,
  // which the import makes, so no other sample's records change.
  'GET /api/admin-service/v2/application/:applicationId/identity-providers': {
    req: () => ({ url: `${V2}/application/${appA}/identity-providers` }),
    inB: () => ({ url: `${V2}/application/${appB}/identity-providers` }),
  },
  'PUT /api/admin-service/v2/application/:applicationId/identity-providers': {
    req: () => ({
      url: `${V2}/application/${appA}/identity-providers`,
      body: { limited: false, providerIds: [] },
    }),
  },
  'GET /api/admin-service/v2/application/:applicationId/config-export': {
    req: () => ({ url: `${V2}/application/${appA}/config-export` }),
    inB: () => ({ url: `${V2}/application/${appB}/config-export` }),
  },
  'POST /api/admin-service/v2/application/:applicationId/config-import/preview': {
    req: () => ({ url: `${V2}/application/matrix-import/config-import/preview`, body: importDocument }),
  },
  'POST /api/admin-service/v2/application/:applicationId/config-import': {
    req: () => ({ url: `${V2}/application/matrix-import/config-import`, body: importDocument }),
  },
  // The whole instance: Console Settings' grant lets the reader and the administrator in; the
  // service then keeps it to administrators. The import's document is the instance as it is.
  'GET /api/admin-service/v2/config-export': { req: () => ({ url: `${V2}/config-export` }) },
  'POST /api/admin-service/v2/config-import/preview': {
    req: async () => ({ url: `${V2}/config-import/preview`, body: await instanceDocument() }),
  },
  'POST /api/admin-service/v2/config-import': {
    req: async () => ({ url: `${V2}/config-import`, body: await instanceDocument() }),
  },
  'POST /api/admin-service/v2/application': {
    req: () => ({ url: `${V2}/application`, body: { applicationId: unique('matrix-app'), name: 'New' } }),
  },
  'PUT /api/admin-service/v2/application': {
    req: () => ({ url: `${V2}/application`, body: { applicationId: appA, description: 'Matrix' } }),
    inB: () => ({ url: `${V2}/application`, body: { applicationId: appB, description: 'Matrix' } }),
  },
  'POST /api/admin-service/v2/application/bulk': {
    req: () => ({ url: `${V2}/application/bulk`, body: { action: 'enable', ids: [appA] } }),
  },
  'GET /api/admin-service/v2/application/export': {
    req: () => ({ url: `${V2}/application/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/export?applicationId=${appB}` }),
  },

  // ---- app configuration
  'GET /api/admin-service/data/accesses': {
    req: () => ({ url: `/api/admin-service/data/accesses?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/data/accesses?applicationId=${appB}` }),
  },
  'GET /api/admin-service/data/access/categories': {
    req: () => ({ url: `/api/admin-service/data/access/categories?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/data/access/categories?applicationId=${appB}` }),
  },
  'POST /api/admin-service/data/access': {
    req: () => ({
      url: '/api/admin-service/data/access',
      body: { name: 'n', id: unique('da'), category: 'c', applicationId: appA },
    }),
  },
  'PUT /api/admin-service/data/access': {
    req: () => ({
      url: '/api/admin-service/data/access',
      body: { ...pick(a.dataAccess), name: unique('renamed') },
    }),
  },
  'GET /api/admin-service/data/accesses/export': {
    req: () => ({ url: `/api/admin-service/data/accesses/export?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/data/accesses/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/permission/getPermissionList': {
    req: () => ({ url: `/api/admin-service/permission/getPermissionList?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/permission/getPermissionList?applicationId=${appB}` }),
  },
  'POST /api/admin-service/permission/createPermission': {
    req: () => ({
      url: '/api/admin-service/permission/createPermission',
      body: { name: 'n', id: unique('perm'), resourceType: 'API', applicationId: appA },
    }),
  },
  'PUT /api/admin-service/permission/updatePermission': {
    req: () => ({
      url: '/api/admin-service/permission/updatePermission',
      body: { ...pick(a.permission), name: unique('renamed') },
    }),
  },
  'GET /api/admin-service/permission/export': {
    req: () => ({ url: `/api/admin-service/permission/export?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/permission/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/resources': {
    req: () => ({ url: `/api/admin-service/resources?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/resources?applicationId=${appB}` }),
  },
  'GET /api/admin-service/resources/:id': {
    req: () => ({ url: `/api/admin-service/resources/${a.node.resourceId}` }),
    inB: () => ({ url: `/api/admin-service/resources/${b.node.resourceId}` }),
  },
  'POST /api/admin-service/resource': {
    req: () => ({
      url: '/api/admin-service/resource',
      body: {
        name: 'n',
        id: unique('res'),
        type: 'CATEGORY',
        order: 1,
        status: 'ENABLED',
        applicationId: appA,
      },
    }),
  },
  'PUT /api/admin-service/resource': {
    req: () => ({
      url: '/api/admin-service/resource',
      body: { ...pick(a.node, ['childCount']), name: unique('renamed') },
    }),
  },
  'POST /api/admin-service/resource/bulk': {
    req: () => ({
      url: '/api/admin-service/resource/bulk',
      body: { action: 'enable', ids: [a.node.resourceId] },
    }),
  },
  'GET /api/admin-service/resource/export': {
    req: () => ({ url: `/api/admin-service/resource/export?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/resource/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/applicationClient/getClientList': {
    req: () => ({ url: `/api/admin-service/applicationClient/getClientList?applicationId=${appA}` }),
    inB: () => ({ url: `/api/admin-service/applicationClient/getClientList?applicationId=${appB}` }),
  },
  'PUT /api/admin-service/applicationClient/updateClientStatus': {
    req: () => ({ url: `/api/admin-service/applicationClient/updateClientStatus?acId=${a.client.acId}` }),
  },
  'GET /api/admin-service/v2/application/client': {
    req: () => ({ url: `${V2}/application/client?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/client?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/client/:acId': {
    req: () => ({ url: `${V2}/application/client/${a.client.acId}` }),
    inB: () => ({ url: `${V2}/application/client/${b.client.acId}` }),
  },
  'POST /api/admin-service/v2/application/client': {
    req: () => ({ url: `${V2}/application/client`, body: { clientName: 'n', applicationId: appA } }),
  },
  'PUT /api/admin-service/v2/application/client': {
    req: () => ({
      url: `${V2}/application/client`,
      body: { acId: a.client.acId, clientName: unique('renamed') },
    }),
  },
  'GET /api/admin-service/v2/application/client/:acId/secret': {
    req: () => ({ url: `${V2}/application/client/${a.client.acId}/secret` }),
    inB: () => ({ url: `${V2}/application/client/${b.client.acId}/secret` }),
  },
  'POST /api/admin-service/v2/application/client/:acId/secret': {
    req: () => ({ url: `${V2}/application/client/${a.client.acId}/secret`, body: {} }),
  },
  'POST /api/admin-service/v2/application/client/bulk': {
    req: () => ({ url: `${V2}/application/client/bulk`, body: { action: 'enable', ids: [a.client.acId] } }),
  },
  'GET /api/admin-service/v2/application/client/export': {
    req: () => ({ url: `${V2}/application/client/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/client/export?applicationId=${appB}` }),
  },
  'PUT /api/admin-service/v2/application/client/status': {
    req: () => ({ url: `${V2}/application/client/status`, body: { acId: a.client.acId, status: 'ENABLED' } }),
  },

  // ---- the v2 catalogue
  'GET /api/admin-service/v2/product': { req: () => ({ url: `${V2}/product` }) },
  'GET /api/admin-service/v2/product/:id': { req: () => ({ url: `${V2}/product/${product.productId}` }) },
  'POST /api/admin-service/v2/product': {
    req: () => ({ url: `${V2}/product`, body: { name: 'p', code: unique('product') } }),
  },
  'PUT /api/admin-service/v2/product': {
    req: () => ({
      url: `${V2}/product`,
      body: { productId: product.productId, name: 'p2', code: product.code },
    }),
  },
  'POST /api/admin-service/v2/product/bulk': {
    req: () => ({ url: `${V2}/product/bulk`, body: { action: 'enable', ids: [product.productId] } }),
  },
  'GET /api/admin-service/v2/product/export': { req: () => ({ url: `${V2}/product/export` }) },
  'GET /api/admin-service/v2/application/acl': {
    req: () => ({ url: `${V2}/application/acl?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/acl?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/acl/:id': {
    req: () => ({ url: `${V2}/application/acl/${catA.acl.aclId}` }),
    inB: () => ({ url: `${V2}/application/acl/${catB.acl.aclId}` }),
  },
  'POST /api/admin-service/v2/application/acl': {
    req: async () => ({
      url: `${V2}/application/acl`,
      body: {
        applicationId: appA,
        subjectType: 'USER',
        subjectId: (await newUser()).userId,
        targetType: 'PERMISSION',
        targetId: a.permission.resourceId,
        actions: ['retrieve'],
      },
    }),
  },
  'PUT /api/admin-service/v2/application/acl': {
    req: () => ({
      url: `${V2}/application/acl`,
      body: { ...catA.acl, actions: ['update'], createdDate: undefined, lastModifiedDate: undefined },
    }),
  },
  'PUT /api/admin-service/v2/application/acl/:id/status': {
    req: () => ({ url: `${V2}/application/acl/${catA.acl.aclId}/status`, body: { status: 'ENABLED' } }),
  },
  'POST /api/admin-service/v2/application/acl/bulk': {
    req: () => ({ url: `${V2}/application/acl/bulk`, body: { action: 'enable', ids: [catA.acl.aclId] } }),
  },
  'GET /api/admin-service/v2/application/acl/export': {
    req: () => ({ url: `${V2}/application/acl/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/acl/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/api': {
    req: () => ({ url: `${V2}/application/api?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/api?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/api/:id': {
    req: () => ({ url: `${V2}/application/api/${catA.api.apiId}` }),
    inB: () => ({ url: `${V2}/application/api/${catB.api.apiId}` }),
  },
  'POST /api/admin-service/v2/application/api': {
    req: () => ({
      url: `${V2}/application/api`,
      body: { applicationId: appA, method: 'POST', pathPattern: `/${unique('api')}` },
    }),
  },
  'PUT /api/admin-service/v2/application/api': {
    req: () => ({
      url: `${V2}/application/api`,
      body: { apiId: catA.api.apiId, applicationId: appA, method: 'GET', pathPattern: '/x' },
    }),
  },
  'POST /api/admin-service/v2/application/api/bulk': {
    req: () => ({ url: `${V2}/application/api/bulk`, body: { action: 'enable', ids: [catA.api.apiId] } }),
  },
  'GET /api/admin-service/v2/application/api/export': {
    req: () => ({ url: `${V2}/application/api/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/api/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/pages': {
    req: () => ({ url: `${V2}/application/pages?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/pages?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/application/pages/:id': {
    req: () => ({ url: `${V2}/application/pages/${catA.page.pageId}` }),
    inB: () => ({ url: `${V2}/application/pages/${catB.page.pageId}` }),
  },
  'POST /api/admin-service/v2/application/pages': {
    req: () => ({
      url: `${V2}/application/pages`,
      body: { applicationId: appA, name: 'p', route: `/${unique('page')}` },
    }),
  },
  'PUT /api/admin-service/v2/application/pages/:id': {
    req: () => ({
      url: `${V2}/application/pages/${catA.page.pageId}`,
      body: { applicationId: appA, name: 'p2', route: '/p' },
    }),
  },
  'DELETE /api/admin-service/v2/application/pages/:id': {
    req: async () => ({ url: `${V2}/application/pages/${(await newPage()).pageId}` }),
  },
  'POST /api/admin-service/v2/application/pages/bulk': {
    req: async () => ({
      url: `${V2}/application/pages/bulk`,
      body: { action: 'delete', ids: [(await newPage()).pageId] },
    }),
  },
  'GET /api/admin-service/v2/application/pages/export': {
    req: () => ({ url: `${V2}/application/pages/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/application/pages/export?applicationId=${appB}` }),
  },
  'POST /api/admin-service/v2/application/pages/:id/elements': {
    req: () => ({
      url: `${V2}/application/pages/${catA.page.pageId}/elements`,
      body: { code: unique('element'), name: 'e' },
    }),
  },
  'DELETE /api/admin-service/v2/application/pages/:id/elements/:element': {
    req: async () => {
      const page = await newPage();
      await api('POST', `${V2}/application/pages/${page.pageId}/elements`, { code: unique('el'), name: 'e' });
      const [element] = (await t.get(`${V2}/application/pages/${page.pageId}`, admin)).json().elements;
      return { url: `${V2}/application/pages/${page.pageId}/elements/${element.code}` };
    },
  },
  'GET /api/admin-service/v2/object': {
    req: () => ({ url: `${V2}/object?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/object?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/object/:id': {
    req: () => ({ url: `${V2}/object/${catA.object.objectId}` }),
    inB: () => ({ url: `${V2}/object/${catB.object.objectId}` }),
  },
  'POST /api/admin-service/v2/object': {
    req: () => ({ url: `${V2}/object`, body: { applicationId: appA, name: 'o', code: unique('obj') } }),
  },
  'PUT /api/admin-service/v2/object': {
    req: () => ({
      url: `${V2}/object`,
      body: { objectId: catA.object.objectId, applicationId: appA, name: 'o2', code: catA.object.code },
    }),
  },
  'DELETE /api/admin-service/v2/object/:id': {
    req: async () => ({ url: `${V2}/object/${(await newObject()).objectId}` }),
  },
  'POST /api/admin-service/v2/object/bulk': {
    req: async () => ({
      url: `${V2}/object/bulk`,
      body: { action: 'delete', ids: [(await newObject()).objectId] },
    }),
  },
  'GET /api/admin-service/v2/object/export': {
    req: () => ({ url: `${V2}/object/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/object/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/set': {
    req: () => ({ url: `${V2}/set?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/set?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/set/:id': {
    req: () => ({ url: `${V2}/set/${catA.set.setId}` }),
    inB: () => ({ url: `${V2}/set/${catB.set.setId}` }),
  },
  'POST /api/admin-service/v2/set': {
    req: () => ({
      url: `${V2}/set`,
      body: { applicationId: appA, objectId: catA.object.objectId, name: 's', code: unique('set') },
    }),
  },
  'PUT /api/admin-service/v2/set': {
    req: () => ({
      url: `${V2}/set`,
      body: {
        setId: catA.set.setId,
        applicationId: appA,
        objectId: catA.object.objectId,
        name: 's2',
        code: 's',
      },
    }),
  },
  'DELETE /api/admin-service/v2/set/:id': {
    req: async () => {
      const object = await newObject();
      const set = await api('POST', `${V2}/set`, {
        applicationId: appA,
        objectId: object.objectId,
        name: 's',
        code: unique('set'),
      });
      return { url: `${V2}/set/${set.setId}` };
    },
  },
  'POST /api/admin-service/v2/set/bulk': {
    req: async () => {
      const object = await newObject();
      const set = await api('POST', `${V2}/set`, {
        applicationId: appA,
        objectId: object.objectId,
        name: 's',
        code: unique('set'),
      });
      return { url: `${V2}/set/bulk`, body: { action: 'delete', ids: [set.setId] } };
    },
  },
  'GET /api/admin-service/v2/set/export': {
    req: () => ({ url: `${V2}/set/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/set/export?applicationId=${appB}` }),
  },

  // ---- the data dictionary
  'GET /api/admin-service/dictionary/list': {
    req: () => ({ url: `/api/admin-service/dictionary/list?applicationId[0]=${appA}&status=-1` }),
    inB: () => ({ url: `/api/admin-service/dictionary/list?applicationId[0]=${appB}&status=-1` }),
  },
  'GET /api/admin-service/dictionary/item/': {
    req: () => ({
      url: `/api/admin-service/dictionary/item/?dictionaryId=${catA.dictionary.dictionaryId}&status=-1`,
    }),
    inB: () => ({
      url: `/api/admin-service/dictionary/item/?dictionaryId=${catB.dictionary.dictionaryId}&status=-1`,
    }),
  },
  'GET /api/admin-service/v2/dictionary': {
    req: () => ({ url: `${V2}/dictionary?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/dictionary?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/dictionary/:id': {
    req: () => ({ url: `${V2}/dictionary/${catA.dictionary.dictionaryId}` }),
    inB: () => ({ url: `${V2}/dictionary/${catB.dictionary.dictionaryId}` }),
  },
  'POST /api/admin-service/v2/dictionary': {
    req: () => ({ url: `${V2}/dictionary`, body: { applicationId: appA, name: 'd', code: unique('dict') } }),
  },
  'PUT /api/admin-service/v2/dictionary': {
    req: () => ({
      url: `${V2}/dictionary`,
      body: {
        dictionaryId: catA.dictionary.dictionaryId,
        applicationId: appA,
        name: 'd2',
        code: catA.dictionary.code,
      },
    }),
  },
  'PUT /api/admin-service/v2/dictionary/:id/status': {
    req: () => ({
      url: `${V2}/dictionary/${catA.dictionary.dictionaryId}/status`,
      body: { status: 'ENABLED' },
    }),
  },
  'DELETE /api/admin-service/v2/dictionary/:id': {
    req: async () => ({ url: `${V2}/dictionary/${(await newDictionary()).dictionaryId}` }),
  },
  'POST /api/admin-service/v2/dictionary/bulk': {
    req: async () => ({
      url: `${V2}/dictionary/bulk`,
      body: { action: 'delete', ids: [(await newDictionary()).dictionaryId] },
    }),
  },
  'GET /api/admin-service/v2/dictionary/export': {
    req: () => ({ url: `${V2}/dictionary/export?applicationId=${appA}` }),
    inB: () => ({ url: `${V2}/dictionary/export?applicationId=${appB}` }),
  },
  'GET /api/admin-service/v2/dictionary/item': {
    req: () => ({ url: `${V2}/dictionary/item?dictionaryId=${catA.dictionary.dictionaryId}` }),
    inB: () => ({ url: `${V2}/dictionary/item?dictionaryId=${catB.dictionary.dictionaryId}` }),
  },
  'GET /api/admin-service/v2/dictionary/item/:id': {
    req: () => ({ url: `${V2}/dictionary/item/${catA.item.itemId}` }),
    inB: () => ({ url: `${V2}/dictionary/item/${catB.item.itemId}` }),
  },
  'POST /api/admin-service/v2/dictionary/item': {
    req: () => ({
      url: `${V2}/dictionary/item`,
      body: { dictionaryId: catA.dictionary.dictionaryId, code: unique('item'), labelEn: 'x', labelZh: 'x' },
    }),
  },
  'PUT /api/admin-service/v2/dictionary/item': {
    req: () => ({
      url: `${V2}/dictionary/item`,
      body: {
        ...catA.item,
        labelEn: 'y',
        createdDate: undefined,
        lastModifiedDate: undefined,
        status: undefined,
      },
    }),
  },
  'PUT /api/admin-service/v2/dictionary/item/:id/status': {
    req: () => ({ url: `${V2}/dictionary/item/${catA.item.itemId}/status`, body: { status: 'ENABLED' } }),
  },
  'DELETE /api/admin-service/v2/dictionary/item/:id': {
    req: async () => {
      const dictionary = await newDictionary();
      const item = await api('POST', `${V2}/dictionary/item`, {
        dictionaryId: dictionary.dictionaryId,
        code: 'i',
        labelEn: 'i',
        labelZh: 'i',
      });
      return { url: `${V2}/dictionary/item/${item.itemId}` };
    },
  },

  // ---- users
  'GET /api/admin-service/v2/user': { req: () => ({ url: `${V2}/user` }) },
  'GET /api/admin-service/v2/user/:id': { req: () => ({ url: `${V2}/user/${target.userId}` }) },
  'POST /api/admin-service/v2/user': {
    req: () => ({
      url: `${V2}/user`,
      body: { username: unique('created'), name: 'n', email: 'n@example.com' },
    }),
  },
  'PUT /api/admin-service/v2/user': {
    req: () => ({
      url: `${V2}/user`,
      body: { userId: target.userId, name: unique('renamed'), email: 'r@example.com' },
    }),
  },
  'PUT /api/admin-service/v2/user/:id/status': {
    req: () => ({ url: `${V2}/user/${target.userId}/status`, body: { status: 'ENABLED' } }),
  },
  'POST /api/admin-service/v2/user/bulk': {
    req: () => ({ url: `${V2}/user/bulk`, body: { action: 'enable', ids: [target.userId] } }),
  },
  'GET /api/admin-service/v2/user/export': { req: () => ({ url: `${V2}/user/export?keyword=matrix` }) },
  'DELETE /api/admin-service/v2/user/:id': {
    req: async () => ({ url: `${V2}/user/${(await newUser()).userId}` }),
  },
  'GET /api/admin-service/v2/user/:id/membership': {
    req: () => ({ url: `${V2}/user/${target.userId}/membership` }),
  },
  'DELETE /api/admin-service/v2/user/:id/two-factor': {
    req: () => ({ url: `${V2}/user/${target.userId}/two-factor` }),
  },
  'PUT /api/admin-service/v2/user/:id/roles': {
    req: () => ({ url: `${V2}/user/${target.userId}/roles`, body: { roleIds: [role.roleId] } }),
  },
  'PUT /api/admin-service/v2/user/:id/groups': {
    req: () => ({ url: `${V2}/user/${target.userId}/groups`, body: { groupIds: [group.groupId] } }),
  },
  'PUT /api/admin-service/v2/user/:id/password': {
    req: async () => ({ url: `${V2}/user/${(await newUser()).userId}/password`, body: {} }),
  },
  'POST /api/admin-service/v2/user/:id/password/expire': {
    req: async () => ({ url: `${V2}/user/${(await newUser()).userId}/password/expire` }),
  },
  'GET /api/admin-service/v2/user/:id/sessions': {
    req: () => ({ url: `${V2}/user/${sessionUser.userId}/sessions` }),
  },
  'DELETE /api/admin-service/v2/user/:id/sessions': {
    req: () => ({ url: `${V2}/user/${sessionUser.userId}/sessions` }),
  },
  'DELETE /api/admin-service/v2/user/:id/sessions/:sessionId': {
    req: async () => ({ url: `${V2}/user/${sessionUser.userId}/sessions/${await sessionOf()}` }),
  },
  'GET /api/admin-service/v2/user/:id/personal-access-tokens': {
    req: () => ({ url: `${V2}/user/${target.userId}/personal-access-tokens` }),
  },
  'DELETE /api/admin-service/v2/user/:id/personal-access-tokens/:tokenId': {
    req: async () => {
      const [pat] = await t.db
        .insert(personalAccessTokens)
        .values({
          userId: target.userId,
          name: 'matrix',
          tokenHash: randomUUID(),
          scope: [],
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      return { url: `${V2}/user/${target.userId}/personal-access-tokens/${pat!.tokenId}` };
    },
  },
  'GET /api/admin-service/v2/application/client/:acId/service-account': {
    req: () => ({ url: `${V2}/application/client/${a.client.acId}/service-account` }),
    inB: () => ({ url: `${V2}/application/client/${b.client.acId}/service-account` }),
  },
  'PUT /api/admin-service/v2/application/client/:acId/service-account': {
    req: () => ({
      url: `${V2}/application/client/${a.client.acId}/service-account`,
      body: { enabled: false },
    }),
    inB: () => ({
      url: `${V2}/application/client/${b.client.acId}/service-account`,
      body: { enabled: false },
    }),
  },

  // ---- a user's linked identities
  'GET /api/admin-service/v2/user/:id/identities': {
    req: () => ({ url: `${V2}/user/${target.userId}/identities` }),
  },
  'POST /api/admin-service/v2/user/:id/identities': {
    req: () => ({
      url: `${V2}/user/${target.userId}/identities`,
      body: { providerId: idp!.providerId, subject: unique('subject') },
    }),
  },
  'DELETE /api/admin-service/v2/user/:id/identities/:identityId': {
    req: async () => ({ url: `${V2}/user/${target.userId}/identities/${await newIdentity()}` }),
  },

  // ---- groups
  'GET /api/admin-service/v2/group': { req: () => ({ url: `${V2}/group` }) },
  'GET /api/admin-service/v2/group/:id': { req: () => ({ url: `${V2}/group/${group.groupId}` }) },
  'POST /api/admin-service/v2/group': {
    req: () => ({ url: `${V2}/group`, body: { name: 'n', code: unique('created-group') } }),
  },
  'PUT /api/admin-service/v2/group': {
    req: () => ({
      url: `${V2}/group`,
      body: { groupId: group.groupId, name: unique('renamed'), code: group.code },
    }),
  },
  'PUT /api/admin-service/v2/group/:id/status': {
    req: () => ({ url: `${V2}/group/${group.groupId}/status`, body: { status: 'ENABLED' } }),
  },
  'DELETE /api/admin-service/v2/group/:id': {
    req: async () => ({ url: `${V2}/group/${(await newGroup()).groupId}` }),
  },
  'POST /api/admin-service/v2/group/bulk': {
    req: () => ({ url: `${V2}/group/bulk`, body: { action: 'enable', ids: [group.groupId] } }),
  },
  'GET /api/admin-service/v2/group/export': { req: () => ({ url: `${V2}/group/export?keyword=matrix` }) },
  'PUT /api/admin-service/v2/group/:id/members': {
    req: () => ({ url: `${V2}/group/${group.groupId}/members`, body: { userIds: [target.userId] } }),
  },
  'GET /api/admin-service/v2/group/:id/roles': { req: () => ({ url: `${V2}/group/${group.groupId}/roles` }) },
  'PUT /api/admin-service/v2/group/:id/roles': {
    req: () => ({ url: `${V2}/group/${group.groupId}/roles`, body: { roleIds: [role.roleId] } }),
  },

  // ---- roles
  'GET /api/admin-service/v2/role': { req: () => ({ url: `${V2}/role` }) },
  'GET /api/admin-service/v2/role/:id': { req: () => ({ url: `${V2}/role/${role.roleId}` }) },
  'POST /api/admin-service/v2/role': {
    req: () => ({ url: `${V2}/role`, body: { name: 'n', code: unique('created-role') } }),
  },
  'PUT /api/admin-service/v2/role': {
    req: () => ({
      url: `${V2}/role`,
      body: { roleId: role.roleId, name: unique('renamed'), code: role.code },
    }),
  },
  'PUT /api/admin-service/v2/role/:id/status': {
    req: () => ({ url: `${V2}/role/${role.roleId}/status`, body: { status: 'ENABLED' } }),
  },
  'DELETE /api/admin-service/v2/role/:id': {
    req: async () => ({ url: `${V2}/role/${(await newRole()).roleId}` }),
  },
  'POST /api/admin-service/v2/role/bulk': {
    req: async () => ({
      url: `${V2}/role/bulk`,
      body: { action: 'delete', ids: [(await newRole()).roleId] },
    }),
  },
  'GET /api/admin-service/v2/role/export': { req: () => ({ url: `${V2}/role/export?keyword=matrix` }) },
  'GET /api/admin-service/v2/role/:id/grants': { req: () => ({ url: `${V2}/role/${role.roleId}/grants` }) },
  'PUT /api/admin-service/v2/role/:id/grants': {
    req: () => ({
      url: `${V2}/role/${role.roleId}/grants`,
      body: {
        permissions: [{ applicationId: appA, permissionId: 'p', actionEntitySet: ['retrieve'] }],
        resources: [a.node.resourceId],
      },
    }),
  },

  // ---- organizations
  'GET /api/admin-service/v2/organization': { req: () => ({ url: `${V2}/organization` }) },
  'GET /api/admin-service/v2/organization/:id': {
    req: () => ({ url: `${V2}/organization/${org.organizationId}` }),
  },
  'POST /api/admin-service/v2/organization': {
    req: () => ({ url: `${V2}/organization`, body: { name: 'n', code: unique('created-org') } }),
  },
  'PUT /api/admin-service/v2/organization': {
    req: () => ({
      url: `${V2}/organization`,
      body: { organizationId: org.organizationId, name: unique('renamed'), code: org.code },
    }),
  },
  'PUT /api/admin-service/v2/organization/:id/status': {
    req: () => ({ url: `${V2}/organization/${org.organizationId}/status`, body: { status: 'ENABLED' } }),
  },
  'PUT /api/admin-service/v2/organization/:id/move': {
    req: () => ({ url: `${V2}/organization/${org.organizationId}/move`, body: { parentId: null } }),
  },
  'PUT /api/admin-service/v2/organization/:id/members': {
    req: () => ({
      url: `${V2}/organization/${org.organizationId}/members`,
      body: { userIds: [target.userId] },
    }),
  },
  'DELETE /api/admin-service/v2/organization/:id': {
    req: async () => ({ url: `${V2}/organization/${(await newOrg()).organizationId}` }),
  },
};

/** A record as a PUT body: without the read-only fields. */
function pick(record: Record<string, unknown>, drop: string[] = []): Record<string, unknown> {
  const out = { ...record };
  for (const key of ['createdDate', 'lastModifiedDate', ...drop]) delete out[key];
  return out;
}

/** Public routes, listed so that opening one is a decision; Swagger UI's own routes are public reading. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/version',
  'POST /api/oauth2-server/login',
  // The OIDC interaction: its cookie, held by the browser that started it, is the capability.
  'GET /api/oauth2-server/interaction/:uid',
  'POST /api/oauth2-server/interaction/:uid/login',
  'POST /api/oauth2-server/interaction/:uid/consent',
  'POST /api/oauth2-server/interaction/:uid/abort',
  // The second step of sign-in: the challenge of the password step is the capability.
  'POST /api/oauth2-server/login/second-factor',
  // Passkey sign-in: starting a ceremony proves nothing; the answer is checked against the
  // challenge this browser's cookie names, once.
  'POST /api/oauth2-server/login/passkey/options',
  'POST /api/oauth2-server/login/passkey',
  // The password lifecycle: /forget answers alike for every identifier; the reset link's token is the capability.
  'POST /api/oauth2-server/forget-password',
  'POST /api/oauth2-server/reset-password',
  // The password policy's rules, which the reset link's page shows before anyone signs in.
  'GET /api/oauth2-server/password-policy',
  // Sign-in through an identity provider: the buttons, the start, and the exchange, whose
  // handoff is the capability, usable once and only in the browser that started the sign-in.
  'GET /api/oauth2-server/federation/providers',
  'GET /api/oauth2-server/federation/:providerId/start',
  'POST /api/oauth2-server/federation/exchange',
  // A SAML sign-in goes on here; the browser's cookie decides.
  'GET /api/oauth2-server/federation/finish/:flowId',
  // An OIDC upstream's redirect back: the flow's state, claimed once, in the browser whose cookie started it.
  'GET /api/oauth2-server/federation/oidc/callback/:providerId',
]);
/** Routes for the caller's own things, open to anyone signed in; listed for the same reason. */
const OWN = new Set([
  'POST /api/oauth2-server/logout',
  'POST /api/oauth2-server/change-password',
  'POST /api/oauth2-server/unlock',
  'GET /api/admin-service/user/current',
  'PUT /api/admin-service/user/preferences',
  'GET /api/oauth2-server/authorization/menus',
  'GET /api/oauth2-server/two-factor',
  'POST /api/oauth2-server/two-factor/enrolment',
  'POST /api/oauth2-server/two-factor/enrolment/confirm',
  'POST /api/oauth2-server/two-factor/disable',
  'POST /api/oauth2-server/two-factor/recovery-codes',
  'GET /api/oauth2-server/passkeys',
  'POST /api/oauth2-server/passkeys/registration/options',
  'POST /api/oauth2-server/passkeys',
  'PUT /api/oauth2-server/passkeys/:passkeyId',
  'POST /api/oauth2-server/passkeys/proof/options',
  'POST /api/oauth2-server/passkeys/:passkeyId/remove',
  'GET /api/admin/menus',
  'GET /api/admin-service/settings',
  'GET /api/admin-service/user/profile',
  'PUT /api/admin-service/user/profile',
  'GET /api/admin-service/user/sessions',
  'GET /api/admin-service/user/holdings',
  'GET /api/admin-service/user/preferences/tables',
  'PUT /api/admin-service/user/preferences/tables/:table',
  'DELETE /api/admin-service/user/sessions/:sessionId',
  'GET /api/oauth2-server/federation/identities',
  'DELETE /api/oauth2-server/federation/identities/:identityId',
  'POST /api/oauth2-server/federation/:providerId/link',
  'GET /api/admin-service/user/personal-access-tokens',
  'GET /api/admin-service/user/personal-access-tokens/scope-choices',
  'POST /api/admin-service/user/personal-access-tokens',
  'DELETE /api/admin-service/user/personal-access-tokens/:tokenId',
]);

// ---- the routes, from the route table ----------------------------------------------------
type Route = { method: string; url: string; access: RouteAccess; key: string; sample: Sample | undefined };
const routes: Route[] = t.app.routeAccess.map((r) => {
  // HEAD is Fastify's own twin of a GET: the same route, the same guard, the same sample.
  const key = `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`;
  return { ...r, key, sample: SAMPLES[key] };
});
const guarded = routes.filter((r) => r.access !== 'public');
/** Whether every grant the route accepts is `action`: what a caller holding only that may call. */
const needsOnly = (r: Route, action: Action) =>
  r.access === 'authenticated' || grantsOf(r.access).every((g) => g.action === action);
const isRead = (r: Route) => needsOnly(r, 'retrieve');
const isExport = (r: Route) => r.access !== 'authenticated' && needsOnly(r, 'export');
/** Reads and exports change nothing: the administrator makes them in either application. */
const changesNothing = (r: Route) => isRead(r) || isExport(r);
const ownThings = guarded.filter((r) => r.access === 'authenticated');
const granted = guarded.filter((r) => r.access !== 'authenticated');

// ---- the callers --------------------------------------------------------------------------
const noGrants = await t.createUser();
const platformIds = [
  ...new Set([
    ...consolePermissionIds(),
    ...granted.flatMap((r) => grantsOf(r.access).map((g) => g.permissionId)),
  ]),
];
const readerRole = await t.createRole({
  permissions: platformIds.map((permissionId) => ({
    permissionId,
    actions: ['retrieve'],
    applicationIds: [appA],
  })),
});
const reader = await t.createUser({ roleIds: [readerRole.roleId] });
const exporterRole = await t.createRole({
  permissions: platformIds
    .filter((permissionId) => actionsOf(PLATFORM_APP_ID, permissionId).includes('export'))
    .map((permissionId) => ({ permissionId, actions: ['export'], applicationIds: [appA] })),
});
const exporter = await t.createUser({ roleIds: [exporterRole.roleId] });
const callers = {
  anonymous: async () => undefined,
  'no grants': () => t.login(noGrants.username, noGrants.password),
  'retrieve-only in A': () => t.login(reader.username, reader.password),
  'export-only in A': () => t.login(exporter.username, exporter.password),
  administrator: () => t.login(),
};
type Caller = keyof typeof callers;
const tokens: Record<Caller, string | undefined> = {
  anonymous: undefined,
  'no grants': await callers['no grants'](),
  'retrieve-only in A': await callers['retrieve-only in A'](),
  'export-only in A': await callers['export-only in A'](),
  administrator: admin,
};

async function call(route: Route, caller: Caller, req: Req) {
  const token = route.sample?.ownSession && caller !== 'anonymous' ? await callers[caller]() : tokens[caller];
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: req.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(req.body === undefined ? {} : { payload: req.body as object }),
  };
  return t.inject(options);
}

const label = (r: Route) => `${r.method} ${r.url}`;
let calls = 0;

describe('the route table', () => {
  it('has a sample for every guarded route, and no sample for a route that is gone', () => {
    const missing = guarded.filter((r) => !r.sample).map(label);
    expect(missing, 'add these routes to SAMPLES in authorization-matrix.test.ts').toEqual([]);
    const keys = new Set(routes.map((r) => r.key));
    expect(Object.keys(SAMPLES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('opens no route to anonymous callers but the listed ones', () => {
    const open = routes
      .filter((r) => r.access === 'public' && !r.url.startsWith('/api/docs'))
      .map((r) => r.key);
    expect([...new Set(open)].sort()).toEqual([...PUBLIC].sort());
  });

  it('asks no grant only on the listed routes for the caller’s own things', () => {
    expect([...new Set(ownThings.map((r) => r.key))].sort()).toEqual([...OWN].sort());
  });

  it('gives the identity areas their own permissions', () => {
    const ids = new Set(granted.flatMap((r) => grantsOf(r.access).map((g) => g.permissionId)));
    for (const id of [
      'admin-setting.manage-user',
      'admin-setting.manage-group',
      'admin-setting.manage-role',
      'admin-setting.manage-organization',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });
});

describe('anonymous: 401 on every guarded route', () => {
  it.each(guarded.map((r) => [label(r), r] as const))('%s', async (_, route) => {
    // Without its body: the guard answers before validation would.
    const res = await call(route, 'anonymous', { url: (await route.sample!.req()).url });
    calls++;
    expect(res.statusCode).toBe(401);
  });
});

describe('a user with no grants', () => {
  it.each(granted.map((r) => [label(r), r] as const))('403 on %s', async (_, route) => {
    const res = await call(route, 'no grants', { url: (await route.sample!.req()).url });
    calls++;
    expect(res.statusCode).toBe(403);
    if (route.method !== 'HEAD') expect(res.json().code).toBe('FORBIDDEN');
  });
  it.each(ownThings.map((r) => [label(r), r] as const))('reaches their own things: %s', async (_, route) => {
    const res = await call(route, 'no grants', await route.sample!.req());
    calls++;
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

/** Reads a grant lets in that the service keeps to administrators: the instance's export. */
const ADMINISTRATORS_ONLY = new Set(['GET /api/admin-service/v2/config-export']);
/** Reads of what serves the whole platform, which a grant limited to applications does not reach. */
const PLATFORM_WIDE = new Set([
  'GET /api/admin-service/v2/identity-providers',
  'GET /api/admin-service/v2/identity-providers/:id',
]);

describe('a user who may only retrieve, in application A', () => {
  it.each(
    granted.filter((r) => isRead(r) && ADMINISTRATORS_ONLY.has(r.key)).map((r) => [label(r), r] as const),
  )('403 on %s, an administrator’s only', async (_, route) => {
    const res = await call(route, 'retrieve-only in A', await route.sample!.req());
    calls++;
    expect(res.statusCode).toBe(403);
    if (route.method === 'GET') expect(res.json().key).toBe('transfer.administratorOnly');
  });
  it.each(granted.filter((r) => isRead(r) && PLATFORM_WIDE.has(r.key)).map((r) => [label(r), r] as const))(
    '403 on %s, the platform’s',
    async (_, route) => {
      const res = await call(route, 'retrieve-only in A', await route.sample!.req());
      calls++;
      expect(res.statusCode).toBe(403);
    },
  );
  it.each(
    granted
      .filter((r) => isRead(r) && !ADMINISTRATORS_ONLY.has(r.key) && !PLATFORM_WIDE.has(r.key))
      .map((r) => [label(r), r] as const),
  )('200 on %s', async (_, route) => {
    const res = await call(route, 'retrieve-only in A', await route.sample!.req());
    calls++;
    expect(res.statusCode, res.body).toBe(200);
  });
  it.each(granted.filter((r) => !isRead(r)).map((r) => [label(r), r] as const))(
    '403 on %s',
    async (_, route) => {
      const res = await call(route, 'retrieve-only in A', await route.sample!.req());
      calls++;
      expect(res.statusCode).toBe(403);
    },
  );
  it.each(granted.filter((r) => r.sample?.inB).map((r) => [label(r), r] as const))(
    'nothing of application B from %s',
    async (_, route) => {
      const res = await call(route, 'retrieve-only in A', await route.sample!.inB!());
      calls++;
      if (route.key === 'GET /api/admin-service/v2/application') {
        expect(res.statusCode).toBe(200);
        if (route.method === 'GET') expect(res.json()).toEqual({ content: [], totalElements: 0 });
      } else if (route.key === 'GET /api/admin-service/v2/application/export') {
        // The export of that list: its header and no row.
        expect(res.statusCode).toBe(200);
        if (route.method === 'GET') expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(1);
      } else {
        expect(res.statusCode).toBe(403);
      }
    },
  );
  it.each(ownThings.map((r) => [label(r), r] as const))('reaches their own things: %s', async (_, route) => {
    const res = await call(route, 'retrieve-only in A', await route.sample!.req());
    calls++;
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('a user who may only export, in application A', () => {
  it('has routes to call: the audit export', () => {
    expect(granted.filter(isExport).map((r) => r.key)).toContain('GET /api/admin-service/v2/audit/export');
  });
  it.each(granted.filter(isExport).map((r) => [label(r), r] as const))('200 on %s', async (_, route) => {
    const res = await call(route, 'export-only in A', await route.sample!.req());
    calls++;
    expect(res.statusCode, res.body).toBe(200);
  });
  it.each(granted.filter((r) => !isExport(r)).map((r) => [label(r), r] as const))(
    '403 on %s',
    async (_, route) => {
      const res = await call(route, 'export-only in A', await route.sample!.req());
      calls++;
      expect(res.statusCode).toBe(403);
    },
  );
  it.each(granted.filter((r) => isExport(r) && r.sample?.inB).map((r) => [label(r), r] as const))(
    'nothing of application B from %s',
    async (_, route) => {
      const res = await call(route, 'export-only in A', await route.sample!.inB!());
      calls++;
      expect(res.statusCode).toBe(403);
    },
  );
  it.each(ownThings.map((r) => [label(r), r] as const))('reaches their own things: %s', async (_, route) => {
    const res = await call(route, 'export-only in A', await route.sample!.req());
    calls++;
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the administrator', () => {
  it.each(granted.filter(changesNothing).map((r) => [label(r), r] as const))(
    '200 on %s, in A and in B',
    async (_, route) => {
      for (const req of [route.sample!.req, ...(route.sample!.inB ? [route.sample!.inB] : [])]) {
        const res = await call(route, 'administrator', await req());
        calls++;
        expect(res.statusCode, res.body).toBe(200);
      }
    },
  );
  it.each(granted.filter((r) => !changesNothing(r)).map((r) => [label(r), r] as const))(
    'may %s',
    async (_, route) => {
      const res = await call(route, 'administrator', await route.sample!.req());
      calls++;
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);
    },
  );
  it.each(ownThings.map((r) => [label(r), r] as const))('reaches their own things: %s', async (_, route) => {
    const res = await call(route, 'administrator', await route.sample!.req());
    calls++;
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the matrix', () => {
  it('called every guarded route as every caller', () => {
    const size = guarded.length * Object.keys(callers).length;
    console.log(
      `authorization matrix: ${guarded.length} guarded routes × ${Object.keys(callers).length} callers = ${size} cells, ` +
        `${calls} calls in all (with the application-B reads)`,
    );
    expect(calls).toBeGreaterThanOrEqual(size);
  });
});
