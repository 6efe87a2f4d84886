import type { Group } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { PLATFORM_PERMISSIONS, platformPermissionChoices } from '@/api/permissions';
import { areaCodes, need } from './access-codes';
import { withMembers, withoutMember } from './members-panel';
import { recordColumns } from './record-columns';
import { sameMembers } from './same-members';

describe('areaCodes', () => {
  it('names the buttons of an area as the other screens do, with delete', () => {
    expect(areaCodes('user')).toEqual({
      create: 'user:create',
      update: 'user:update',
      status: 'user:status',
      delete: 'user:delete',
    });
  });

  it('pairs each change with the role action it needs, a status change being an update', () => {
    const codes = areaCodes('organization', 'admin-setting.manage-organization');
    expect(need(codes, 'status')).toEqual({
      code: 'organization:status',
      action: 'update',
      permissionId: 'admin-setting.manage-organization',
    });
    expect(need(areaCodes('user'), 'delete')).toEqual({
      code: 'user:delete',
      action: 'delete',
      permissionId: undefined,
    });
  });
});

describe('member lists', () => {
  it('adds each member once and removes one', () => {
    expect(withMembers(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(withoutMember(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('tells a replace that changes nothing', () => {
    expect(sameMembers(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameMembers(['a', 'b'], ['a'])).toBe(false);
    expect(sameMembers(['a', 'a'], ['a'])).toBe(true);
  });
});

describe('recordColumns', () => {
  it('puts what a screen adds between the description and the status', () => {
    const columns = recordColumns<Group>([{ title: 'Members', dataIndex: 'memberCount' }]);
    expect(columns.map((c) => c.title)).toEqual([
      'Name',
      'Code',
      'Description',
      'Members',
      'Status',
      'Created',
    ]);
  });
});

describe('platform permissions', () => {
  it('are the console areas, each once, named by their titles', () => {
    const ids = PLATFORM_PERMISSIONS.map((p) => p.value);
    expect(new Set(ids).size).toBe(ids.length);
    expect(PLATFORM_PERMISSIONS).toContainEqual({
      value: 'admin-setting.manage-user',
      label: 'Manage User (admin-setting.manage-user)',
    });
  });

  it('are found by name or id, in any case', () => {
    expect(platformPermissionChoices('APP-CONFIG.CLIENT').map((p) => p.value)).toEqual(['app-config.client']);
    expect(platformPermissionChoices('manage role').map((p) => p.value)).toEqual([
      'admin-setting.manage-role',
    ]);
  });
});
