import type { RoleGrants } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  grantResource,
  isHiddenGrant,
  revokeResource,
  toGrantValues,
  toRoleGrants,
} from './grants';

const GRANTS: RoleGrants = {
  permissions: [
    // Stored in any order; the form shows the actions in their usual one.
    { applicationId: 'platform', permissionId: 'app-config.client', actionEntitySet: ['update', 'create'] },
    {
      applicationId: 'platform',
      permissionId: 'admin-setting.manage-user',
      actionEntitySet: ['retrieve'],
      applicationIds: ['portal'],
    },
    { applicationId: 'portal', permissionId: 'orders', actionEntitySet: ['retrieve', 'delete'] },
  ],
  resources: ['c1', 'm1'],
};

describe('grants form ↔ role grants', () => {
  it('shows each grant with its actions in order, and whether it is limited to applications', () => {
    const values = toGrantValues(GRANTS);
    expect(values.permissions).toEqual([
      {
        applicationId: 'platform',
        permissionId: 'app-config.client',
        actionEntitySet: ['create', 'update'],
        limited: false,
        applicationIds: [],
      },
      {
        applicationId: 'platform',
        permissionId: 'admin-setting.manage-user',
        actionEntitySet: ['retrieve'],
        limited: true,
        applicationIds: ['portal'],
      },
      {
        applicationId: 'portal',
        permissionId: 'orders',
        actionEntitySet: ['retrieve', 'delete'],
        limited: false,
        applicationIds: [],
      },
    ]);
    expect(values.resources).toEqual(['c1', 'm1']);
  });

  it('gives back what it read', () => {
    expect(toRoleGrants(toGrantValues(GRANTS))).toEqual({
      ...GRANTS,
      permissions: GRANTS.permissions.map((g, i) =>
        i === 0 ? { ...g, actionEntitySet: ['create', 'update'] } : g,
      ),
    });
  });

  it('sends applicationIds only on a limited platform grant, where an empty list means none', () => {
    const grants = toRoleGrants({
      permissions: [
        {
          applicationId: 'platform',
          permissionId: 'a',
          actionEntitySet: ['retrieve'],
          limited: true,
          applicationIds: [],
        },
        // Not limited: the applications picked before unticking are not sent.
        {
          applicationId: 'platform',
          permissionId: 'b',
          actionEntitySet: ['retrieve'],
          limited: false,
          applicationIds: ['crm'],
        },
        // Limited is meaningless outside the platform (the server refuses it).
        {
          applicationId: 'portal',
          permissionId: 'c',
          actionEntitySet: ['retrieve'],
          limited: true,
          applicationIds: ['crm'],
        },
      ],
      resources: ['r1', 'r1', 'r2'],
    });
    expect(grants.permissions.map((g) => g.applicationIds)).toEqual([[], undefined, undefined]);
    expect(grants.permissions.map((g) => 'applicationIds' in g)).toEqual([true, false, false]);
    expect(grants.resources).toEqual(['r1', 'r2']);
  });
});

// settings (category) > users (menu) > user:create (element); settings > roles (menu)
const PARENTS: Record<string, string | null> = {
  settings: null,
  users: 'settings',
  'user:create': 'users',
  roles: 'settings',
};
const CHILDREN: Record<string, string[]> = { settings: ['users', 'roles'], users: ['user:create'] };
const parentOf = (id: string) => PARENTS[id];
const childrenOf = (id: string) => CHILDREN[id] ?? [];

describe('the resource grant tree', () => {
  it('knows the ancestors of a loaded node, nearest first', () => {
    expect(ancestorsOf('user:create', parentOf)).toEqual(['users', 'settings']);
    expect(ancestorsOf('settings', parentOf)).toEqual([]);
  });

  it('grants a checked node with its whole parent chain, keeping the other grants', () => {
    expect(grantResource(['other-app-menu'], 'user:create', parentOf)).toEqual([
      'other-app-menu',
      'user:create',
      'users',
      'settings',
    ]);
    expect(grantResource(['settings', 'users'], 'users', parentOf)).toEqual(['settings', 'users']);
  });

  it('revokes an unchecked node with what is loaded below it, and nothing else', () => {
    const granted = ['other-app-menu', 'settings', 'users', 'user:create', 'roles'];
    expect(revokeResource(granted, 'users', childrenOf)).toEqual(['other-app-menu', 'settings', 'roles']);
    expect(revokeResource(granted, 'settings', childrenOf)).toEqual(['other-app-menu']);
  });

  it('tells a grant that will not show, because an ancestor is not granted', () => {
    const granted = new Set(['user:create', 'users']);
    expect(isHiddenGrant(granted, 'user:create', parentOf)).toBe(true);
    expect(isHiddenGrant(new Set(['settings', 'users']), 'users', parentOf)).toBe(false);
    expect(isHiddenGrant(granted, 'roles', parentOf)).toBe(false);
  });

  it('stops at a loop in the data', () => {
    const looped = (id: string) => (id === 'a' ? 'b' : 'a');
    expect(ancestorsOf('a', looped)).toEqual(['b']);
  });
});
