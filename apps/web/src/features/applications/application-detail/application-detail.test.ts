import { ACL_SUBJECT_TYPES, ACL_TARGET_TYPES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { idsClearedBy, SUBJECT_PICKERS, TARGET_PICKERS } from './components/acl-pickers';
import { apiBody } from './components/apis-tab';
import { roleNames } from './components/page-elements-dialog';

describe('access-control entry pickers', () => {
  it('search the records each type names, clients, permissions and resources within the application', () => {
    const keys = (
      pickers: Record<string, { search: (appId: string) => (k: string) => { queryKey: unknown } }>,
    ) =>
      Object.fromEntries(
        Object.entries(pickers).map(([type, p]) => [type, p.search('portal')('ab').queryKey]),
      );
    expect(Object.keys(SUBJECT_PICKERS)).toEqual([...ACL_SUBJECT_TYPES]);
    expect(Object.keys(TARGET_PICKERS)).toEqual([...ACL_TARGET_TYPES]);
    expect(keys(SUBJECT_PICKERS)).toEqual({
      USER: ['identity', 'users', 'choices', 'ab'],
      GROUP: ['identity', 'groups', 'choices', 'ab'],
      ROLE: ['identity', 'roles', 'choices', 'ab'],
      CLIENT: ['app-config', 'clients', 'choices', 'portal', 'ab'],
    });
    expect(keys(TARGET_PICKERS)).toEqual({
      PERMISSION: ['app-config', 'permissions', 'choices', 'portal', 'ANY', 'ab'],
      RESOURCE: ['app-config', 'resources', 'choices', 'portal', 'ab'],
    });
  });

  it('clear the id whose type changed, and only that one', () => {
    expect(idsClearedBy({ subjectType: 'GROUP' })).toEqual(['subjectId']);
    expect(idsClearedBy({ targetType: 'RESOURCE' })).toEqual(['targetId']);
    expect(idsClearedBy({})).toEqual([]);
  });
});

describe('API body', () => {
  it('sends the chosen permissions, and a blank description as none', () => {
    expect(apiBody({ method: 'GET', pathPattern: '/a', description: '  ', permissionIds: ['p-1'] })).toEqual({
      method: 'GET',
      pathPattern: '/a',
      description: null,
      permissionIds: ['p-1'],
    });
  });
});

describe('element roles', () => {
  it('names the known roles, shows the key of an unknown one, and -- for none', () => {
    const named = [{ value: 'r-1', label: 'Auditor (auditor)' }];
    expect(roleNames(['r-1', 'r-2'], named)).toBe('Auditor (auditor), r-2');
    expect(roleNames([], named)).toBe('--');
  });
});
