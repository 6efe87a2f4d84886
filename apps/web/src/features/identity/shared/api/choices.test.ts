import { afterEach, describe, expect, it } from 'vitest';
import { type StubCall, stubHttp } from '@/test/support';
import { fetchClientChoice, fetchClientChoices } from './client-choices';
import {
  fetchPermissionRecordChoices,
  permissionRecordChoicesQueryOptions,
  permissionRecordNamesQueryOptions,
} from './permission-choices';
import { fetchResourceChoices } from './resource-choices';
import { roleNamesQueryOptions } from './role-choices';

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
