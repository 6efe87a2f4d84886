import { afterEach, describe, expect, it } from 'vitest';
import { fetchPermissionChoices } from '@/api/permissions';
import { type StubCall, stubHttp } from '@/test/support';
import { fetchOrganizationChildren } from './organizations/api/list-organizations';
import { fetchAllResources, fetchResourceRoots } from './roles/api/application-resources';
import { setRoleGrants } from './roles/api/set-role-grants';
import { endUserSessions } from './users/api/end-user-sessions';
import { fetchAllMembers, fetchUsers } from './users/api/list-users';
import { resetUserPassword } from './users/api/reset-user-password';

let stub: ReturnType<typeof stubHttp> | undefined;
afterEach(() => stub?.restore());

/** Answers each list call with the page it asks for, out of `total` rows. */
function pagedServer(total: number, row: (i: number) => object) {
  return stubHttp((call: StubCall) => {
    if (call.method !== 'GET') return { data: {} };
    const page = Number(call.params.page);
    const size = Number(call.params.size);
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, i) =>
      row(page * size + i),
    );
    return { data: { content: rows, totalElements: total } };
  });
}

describe('identity api files', () => {
  it('ask the users list for the 0-based page, newest first, with the search', async () => {
    stub = pagedServer(3, (i) => ({ userId: `u${i}` }));
    const page = await fetchUsers({ page: 1, size: 10, search: { username: 'al', status: ['ENABLED'] } });
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/v2/user',
      params: { page: 0, size: 10, sort: 'createdDate,desc', username: 'al', status: ['ENABLED'] },
    });
    expect(page.total).toBe(3);
  });

  it('read every member of a group, page after page', async () => {
    stub = pagedServer(130, (i) => ({ userId: `u${i}` }));
    const members = await fetchAllMembers({ groupId: 'g1' });
    expect(members).toHaveLength(130);
    expect(stub.calls.map((c) => [c.params.page, c.params.groupId])).toEqual([
      [0, 'g1'],
      [1, 'g1'],
    ]);
  });

  it('read a whole tree level of organizations, the top one without a parentId', async () => {
    stub = pagedServer(2, (i) => ({ organizationId: `o${i}` }));
    await fetchOrganizationChildren(null);
    await fetchOrganizationChildren('o1');
    expect(stub.calls.map((c) => c.params)).toEqual([
      { sort: 'name,asc', page: 0, size: 100 },
      { parentId: 'o1', sort: 'name,asc', page: 0, size: 100 },
    ]);
  });

  it('read the roots of an application, and for the preview every node by searching both statuses', async () => {
    stub = pagedServer(1, (i) => ({ resourceId: `r${i}` }));
    await fetchResourceRoots('portal');
    await fetchAllResources('platform');
    expect(stub.calls[0]!.params).toEqual({ applicationId: 'portal', sort: 'order,asc', page: 0, size: 100 });
    expect(stub.calls[1]!.params).toMatchObject({
      applicationId: 'platform',
      status: ['ENABLED', 'DISABLED'],
    });
  });

  it("offer the platform's permissions without asking, and another application's from the server", async () => {
    stub = pagedServer(1, () => ({ id: 'orders', name: 'Orders' }));
    const platform = await fetchPermissionChoices('platform', 'app resource');
    expect(platform.map((p) => p.value)).toEqual(['app-config.resource']);
    expect(stub.calls).toEqual([]);
    const portal = await fetchPermissionChoices('portal', 'ord');
    expect(portal).toEqual([{ value: 'orders', label: 'Orders (orders)' }]);
    expect(stub.calls[0]).toMatchObject({
      url: '/admin-service/permission/getPermissionList',
      params: { applicationId: 'portal', keyword: 'ord', page: 0 },
    });
  });

  it('write to the planned paths', async () => {
    stub = stubHttp(() => ({ data: {} }));
    await setRoleGrants({ roleId: 'r1', grants: { permissions: [], resources: ['x'] } });
    await resetUserPassword({ userId: 'u1' });
    await resetUserPassword({ userId: 'u1', password: 'chosen password' });
    await endUserSessions({ userId: 'u1', sessionId: 's1' });
    await endUserSessions({ userId: 'u1' });
    expect(stub.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/admin-service/v2/role/r1/grants', { permissions: [], resources: ['x'] }],
      ['PUT', '/admin-service/v2/user/u1/password', {}],
      ['PUT', '/admin-service/v2/user/u1/password', { password: 'chosen password' }],
      ['DELETE', '/admin-service/v2/user/u1/sessions/s1', undefined],
      ['DELETE', '/admin-service/v2/user/u1/sessions', undefined],
    ]);
  });
});
