import { afterEach, describe, expect, it } from 'vitest';
import { type StubCall, stubHttp } from '@/test/support';
import { fetchClientChoice, fetchClientChoices } from './clients';
import { assignableGroupChoicesQueryOptions } from './groups';
import {
  fetchPermissionRecordChoices,
  permissionRecordChoicesQueryOptions,
  permissionRecordNamesQueryOptions,
} from './permissions';
import { fetchResourceChoices } from './resources';
import { assignableRoleChoicesQueryOptions, roleChoicesQueryOptions, roleNamesQueryOptions } from './roles';
import { manageableUserChoicesQueryOptions } from './users';

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

/** Answers every GET with `rows` in the v2 page envelope, or `one` for a single record. */
function server(rows: object[], one?: object) {
  return stubHttp((call: StubCall) =>
    call.method === 'GET' ? { data: one ?? { content: rows, totalElements: rows.length } } : undefined,
  );
}

const run = <T>(options: { queryFn?: unknown }) =>
  (options.queryFn as (ctx: { signal: AbortSignal }) => Promise<T>)({ signal: new AbortController().signal });

describe('record-key choices', () => {
  it("offer an application's clients from the v2 list, by acId, and name one client by its key", async () => {
    const billing = { acId: 'ac-1', clientName: 'Billing', client: 'billing-cli' };
    stub = server([billing]);
    expect(await fetchClientChoices('portal', 'bil')).toEqual([
      { value: 'ac-1', label: 'Billing (billing-cli)' },
    ]);
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/v2/application/client',
      params: { applicationId: 'portal', keyword: 'bil', page: 0, size: 20 },
    });
    stub.restore();

    stub = server([], billing);
    expect(await fetchClientChoice('ac/1')).toEqual({ value: 'ac-1', label: 'Billing (billing-cli)' });
    expect(stub.calls[0]!.url).toBe('/admin-service/v2/application/client/ac%2F1');
  });

  it('offer resources of every level by searching both statuses, by resourceId', async () => {
    stub = server([{ resourceId: 'r-1', name: 'Orders', id: 'orders' }]);
    expect(await fetchResourceChoices('portal', '')).toEqual([{ value: 'r-1', label: 'Orders (orders)' }]);
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/resources',
      params: { applicationId: 'portal', status: ['ENABLED', 'DISABLED'], page: 0 },
    });
    expect(stub.calls[0]!.params).not.toHaveProperty('keyword');
  });

  it('offer permissions by resourceId, only those of type API when asked', async () => {
    stub = server([{ resourceId: 'p-1', name: 'Read orders', id: 'orders.read' }]);
    expect(await fetchPermissionRecordChoices('portal', 'API', 'ord')).toEqual([
      { value: 'p-1', label: 'Read orders (orders.read)' },
    ]);
    await fetchPermissionRecordChoices('portal', 'ANY', '');
    expect(stub.calls.map((c) => c.params)).toEqual([
      {
        applicationId: 'portal',
        keyword: 'ord',
        page: 0,
        size: 20,
        sort: 'createdDate,desc',
        resourceType: ['API'],
      },
      { applicationId: 'portal', page: 0, size: 20, sort: 'createdDate,desc' },
    ]);
  });

  it('read one full page to name the keys a record holds', async () => {
    stub = server([{ roleId: 'r-1', name: 'Auditor', code: 'auditor' }]);
    expect(await run(roleNamesQueryOptions())).toEqual([{ value: 'r-1', label: 'Auditor (auditor)' }]);
    await run(permissionRecordNamesQueryOptions('portal', 'API'));
    expect(stub.calls.map((c) => [c.url, c.params.page, c.params.size])).toEqual([
      ['/admin-service/v2/role', 0, 100],
      ['/admin-service/permission/getPermissionList', 0, 100],
    ]);
  });

  it('keep the choices of each application and kind apart, under the App Permission screen key', () => {
    const key = permissionRecordChoicesQueryOptions('portal', 'API', 'x').queryKey;
    expect(key.slice(0, 2)).toEqual(['app-config', 'permissions']);
    expect(key).not.toEqual(permissionRecordChoicesQueryOptions('portal', 'ANY', 'x').queryKey);
    expect(key).not.toEqual(permissionRecordChoicesQueryOptions('shop', 'API', 'x').queryKey);
    // A search for "names" is not the page read to name keys.
    expect(permissionRecordNamesQueryOptions('portal', 'API').queryKey).not.toEqual(
      permissionRecordChoicesQueryOptions('portal', 'API', 'names').queryKey,
    );
  });
});

describe('choices of the pickers that hand something out', () => {
  it('disable the roles the server says the caller may not hand out', async () => {
    stub = server([
      { roleId: 'r1', name: 'Reader', code: 'reader', assignable: true },
      { roleId: 'r2', name: 'Auditor', code: 'auditor', assignable: false },
      // An older server says nothing: nothing is held back.
      { roleId: 'r3', name: 'Viewer', code: 'viewer' },
    ]);
    expect(await run(assignableRoleChoicesQueryOptions('a'))).toEqual([
      { value: 'r1', label: 'Reader (reader)' },
      { value: 'r2', label: 'Auditor (auditor)', disabled: true },
      { value: 'r3', label: 'Viewer (viewer)' },
    ]);
    expect(stub.calls[0]).toMatchObject({ url: '/admin-service/v2/role', params: { keyword: 'a', page: 0 } });
    // The plain roles picker (an access-control entry, a page element) holds nothing back.
    expect(await run(roleChoicesQueryOptions('a'))).toEqual([
      { value: 'r1', label: 'Reader (reader)' },
      { value: 'r2', label: 'Auditor (auditor)' },
      { value: 'r3', label: 'Viewer (viewer)' },
    ]);
    expect(assignableRoleChoicesQueryOptions('a').queryKey).not.toEqual(
      roleChoicesQueryOptions('a').queryKey,
    );
  });

  it('disable the groups the caller may not add a member to', async () => {
    stub = server([
      { groupId: 'g1', name: 'Team A', code: 'team-a', assignable: true },
      { groupId: 'g2', name: 'Team B', code: 'team-b', assignable: false },
    ]);
    expect(await run(assignableGroupChoicesQueryOptions(''))).toEqual([
      { value: 'g1', label: 'Team A (team-a)' },
      { value: 'g2', label: 'Team B (team-b)', disabled: true },
    ]);
    expect(stub.calls[0]!.url).toBe('/admin-service/v2/group');
  });

  it('disable the users the caller may not change, as members', async () => {
    stub = server([
      { userId: 'u1', name: 'Alice', username: 'alice', manageable: true },
      { userId: 'u2', name: 'Admin', username: 'admin', manageable: false },
    ]);
    expect(await run(manageableUserChoicesQueryOptions(''))).toEqual([
      { value: 'u1', label: 'Alice (alice)' },
      { value: 'u2', label: 'Admin (admin)', disabled: true },
    ]);
    expect(stub.calls[0]!.url).toBe('/admin-service/v2/user');
  });
});
