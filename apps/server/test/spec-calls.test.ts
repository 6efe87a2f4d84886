/**
 * Every call of spec §7, against the server's route table (`app.routeAccess`): a call that
 * is missing, or answers another method, fails here. It also checks that the OpenAPI
 * document describes each of them, and reports how many operations the document has.
 */
import { describe, expect, it } from 'vitest';
import { build } from './helper.ts';

const t = await build();

const S = '/api/admin-service';
const V2 = `${S}/v2`;

/** Spec §7, section by section, as `METHOD path` with Fastify's `:param` for `{param}`. */
const SPEC_CALLS: Record<string, string[]> = {
  'data access': [`GET ${S}/data/accesses`, `POST ${S}/data/access`, `PUT ${S}/data/access`],
  resources: [`GET ${S}/resources`, `GET ${S}/resources/:id`, `POST ${S}/resource`, `PUT ${S}/resource`],
  permissions: [
    `GET ${S}/permission/getPermissionList`,
    `POST ${S}/permission/createPermission`,
    `PUT ${S}/permission/updatePermission`,
  ],
  clients: [`GET ${S}/applicationClient/getClientList`, `PUT ${S}/applicationClient/updateClientStatus`],
  'auth and user': [
    'POST /api/oauth2-server/login',
    'POST /api/oauth2-server/logout',
    'GET /api/oauth2-server/authorization/menus',
    `GET ${S}/user/current`,
    'GET /api/admin/menus',
  ],
  dictionaries: [`GET ${S}/dictionary/list`, `GET ${S}/dictionary/item/`],
  'v2 product': [`GET ${V2}/product`, `GET ${V2}/product/:id`, `POST ${V2}/product`, `PUT ${V2}/product`],
  'v2 application': [
    `GET ${V2}/application`,
    `GET ${V2}/application/:applicationId`,
    `POST ${V2}/application`,
    `PUT ${V2}/application`,
  ],
  'v2 application/acl': [
    `GET ${V2}/application/acl`,
    `GET ${V2}/application/acl/:id`,
    `POST ${V2}/application/acl`,
    `PUT ${V2}/application/acl`,
    `PUT ${V2}/application/acl/:id/status`,
  ],
  'v2 application/api': [
    `GET ${V2}/application/api`,
    `GET ${V2}/application/api/:id`,
    `POST ${V2}/application/api`,
    `PUT ${V2}/application/api`,
  ],
  'v2 application/pages': [
    `GET ${V2}/application/pages`,
    `GET ${V2}/application/pages/:id`,
    `POST ${V2}/application/pages`,
    `PUT ${V2}/application/pages/:id`,
    `DELETE ${V2}/application/pages/:id`,
  ],
  'v2 application/pages/{id}/elements': [
    `POST ${V2}/application/pages/:id/elements`,
    `DELETE ${V2}/application/pages/:id/elements/:element`,
  ],
  'v2 application/client': [
    `GET ${V2}/application/client`,
    `GET ${V2}/application/client/:acId`,
    `POST ${V2}/application/client`,
    `PUT ${V2}/application/client`,
    `PUT ${V2}/application/client/status`,
  ],
  'v2 object': [
    `GET ${V2}/object`,
    `GET ${V2}/object/:id`,
    `POST ${V2}/object`,
    `PUT ${V2}/object`,
    `DELETE ${V2}/object/:id`,
  ],
  'v2 set': [`GET ${V2}/set`, `GET ${V2}/set/:id`, `POST ${V2}/set`, `PUT ${V2}/set`, `DELETE ${V2}/set/:id`],
};

const routes = new Set(t.app.routeAccess.map((r) => `${r.method} ${r.url}`));
const all = Object.values(SPEC_CALLS).flat();

describe('spec §7', () => {
  it.each(Object.entries(SPEC_CALLS))('the server answers every %s call', (_, calls) => {
    expect(calls.filter((call) => !routes.has(call))).toEqual([]);
  });

  it('lists the 58 calls (19 legacy, 39 v2), each once', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(58);
  });

  it('describes each in the OpenAPI document, with a summary and a tag', async () => {
    const doc = (await t.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const undocumented = all.filter((call) => {
      const [method, path] = call.split(' ') as [string, string];
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      return !op?.summary || !op.tags?.length;
    });
    expect(undocumented).toEqual([]);
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    console.log(`OpenAPI document: ${operations} operations, ${Object.keys(doc.paths).length} paths`);
    expect(operations).toBeGreaterThanOrEqual(all.length);
  });
});
