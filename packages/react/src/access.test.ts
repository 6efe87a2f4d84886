import { describe, expect, it } from 'vitest';
import { accessOf, allows, can, hasElement, NO_ACCESS } from './access.ts';

const CLAIMS = {
  sub: 'u1',
  roles: ['clerk'],
  permissions: [
    { permissionId: 'orders', actions: ['retrieve', 'update'] },
    { permissionId: 'refunds', actions: ['retrieve'] },
  ],
  elements: ['order:refund', 'order:export'],
};

describe('accessOf', () => {
  it('reads the gatehouse claims', () => {
    expect(accessOf(CLAIMS)).toEqual({
      roles: ['clerk'],
      permissions: CLAIMS.permissions,
      elements: ['order:refund', 'order:export'],
    });
  });

  it('grants nothing for missing or malformed claims', () => {
    expect(accessOf(undefined)).toBe(NO_ACCESS);
    expect(accessOf({ sub: 'u1' })).toEqual(NO_ACCESS);
    expect(
      accessOf({
        roles: 'admin',
        permissions: [
          null,
          { permissionId: 7, actions: ['update'] },
          { permissionId: 'orders', actions: 'update' },
        ],
        elements: [1, 'ok'],
      }),
    ).toEqual({ roles: [], permissions: [{ permissionId: 'orders', actions: [] }], elements: ['ok'] });
  });
});

describe('the checks of spec §6', () => {
  const access = accessOf(CLAIMS);

  it('an action on a permission: that permission must grant that action', () => {
    expect(can(access, 'orders', 'update')).toBe(true);
    expect(can(access, 'orders', 'delete')).toBe(false);
    expect(can(access, 'refunds', 'update')).toBe(false);
    expect(can(access, 'order', 'retrieve')).toBe(false);
  });

  it('an element code: held exactly', () => {
    expect(hasElement(access, 'order:refund')).toBe(true);
    expect(hasElement(access, 'order:')).toBe(false);
    expect(hasElement(access, 'ORDER:REFUND')).toBe(false);
  });

  it('a need is met only when everything it names is held', () => {
    expect(allows(access, 'order:export')).toBe(true);
    expect(allows(access, { code: 'order:export' })).toBe(true);
    expect(allows(access, { permissionId: 'orders', action: 'update' })).toBe(true);
    expect(allows(access, { code: 'order:refund', permissionId: 'orders', action: 'update' })).toBe(true);
    expect(allows(access, { code: 'order:refund', permissionId: 'orders', action: 'delete' })).toBe(false);
    expect(allows(access, { code: 'order:void', permissionId: 'orders', action: 'update' })).toBe(false);
    // A half-named check names nothing one could hold.
    expect(allows(access, { code: 'order:refund', permissionId: 'orders' })).toBe(false);
    expect(allows(access, { permissionId: 'orders' } as never)).toBe(false);
    expect(allows(NO_ACCESS, 'order:refund')).toBe(false);
  });
});
