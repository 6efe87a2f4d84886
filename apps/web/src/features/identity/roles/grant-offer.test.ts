import { AUDIT_PERMISSION_ID, type Holdings, type RoleGrants } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import {
  actionOffered,
  covers,
  grantOffer,
  mayCoverAll,
  newGrant,
  OFFER_ALL,
  offeredActions,
  offeredApplications,
  offeredChoices,
  offeredLimits,
  offeredPermissions,
  resourceCheckable,
  resourceOffered,
} from './grant-offer';
import { NEW_PERMISSION_GRANT, type PermissionGrantValues } from './grants';

const NONE: RoleGrants = { permissions: [], resources: [] };
const ADMINISTRATOR: Holdings = { administrator: true, platform: [], permissions: [], resources: [] };

/**
 * A manager whose console grants reach application `a` only: users, roles and groups, read
 * and changed there; clients read in every application; `a`'s orders read; a menu of `a`.
 */
const MANAGER: Holdings = {
  administrator: false,
  platform: [
    ...['admin-setting.manage-user', 'admin-setting.manage-role', 'admin-setting.manage-group'].map(
      (permissionId) => ({
        permissionId,
        actions: [
          { action: 'update' as const, applicationIds: ['a'] },
          { action: 'retrieve' as const, applicationIds: ['a'] },
        ],
      }),
    ),
    { permissionId: 'app-config.client', actions: [{ action: 'retrieve', applicationIds: null }] },
  ],
  permissions: [
    { applicationId: 'a', permissionId: 'orders', actions: ['retrieve'] },
    { applicationId: 'b', permissionId: 'orders', actions: ['retrieve', 'delete'] },
  ],
  resources: ['menu-a', 'category-a', 'menu-b', 'console-menu'],
};

const row = (values: Partial<PermissionGrantValues>): Partial<PermissionGrantValues> => ({
  actionEntitySet: [],
  limited: false,
  applicationIds: [],
  ...values,
});

describe('what the grants form offers an administrator', () => {
  const offer = grantOffer(ADMINISTRATOR, { held: true }, NONE);

  it('offers everything, even on a role they hold, and starts a grant as before', () => {
    expect(offer.all).toBe(true);
    expect(offer.narrowOnly).toBe(false);
    expect(offeredApplications(offer)).toBeNull();
    expect(offeredPermissions(offer, 'b')).toBeNull();
    expect(actionOffered(offer, row({ applicationId: 'b', permissionId: 'x' }), 'delete')).toBe(true);
    expect(mayCoverAll(offer, row({ applicationId: 'platform', actionEntitySet: ['create'] }))).toBe(true);
    expect(newGrant(offer)).toEqual(NEW_PERMISSION_GRANT);
    expect(resourceOffered(offer, 'anything', 'b')).toBe(true);
  });

  it('keeps `export` only on the permission that offers it, the audit trail', () => {
    const audit = row({
      applicationId: 'platform',
      permissionId: AUDIT_PERMISSION_ID,
      actionEntitySet: ['retrieve', 'export'],
    });
    expect(offeredActions(offer, audit)).toEqual(['retrieve', 'export']);
    // Another permission chosen for the grant: its export goes, its read stays.
    expect(offeredActions(offer, { ...audit, permissionId: 'app-config.client' })).toEqual(['retrieve']);
    expect(offeredActions(offer, { ...audit, applicationId: 'b', permissionId: 'x' })).toEqual(['retrieve']);
  });

  it('a read-only form holds nothing back', () => {
    expect(OFFER_ALL.all).toBe(true);
  });
});

describe('what the grants form offers a manager limited to an application', () => {
  const offer = grantOffer(MANAGER, { held: false }, NONE);

  it('offers only the applications and permissions they hold, within the applications they manage roles in', () => {
    // b's orders are theirs, but a role granting them would reach beyond a.
    expect(offeredApplications(offer)).toEqual(new Set(['platform', 'a']));
    expect(offeredPermissions(offer, 'a')).toEqual(new Set(['orders']));
    expect(offeredPermissions(offer, 'b')).toEqual(new Set());
    expect(offeredPermissions(offer, 'platform')).toEqual(
      new Set([
        'admin-setting.manage-user',
        'admin-setting.manage-role',
        'admin-setting.manage-group',
        'app-config.client',
      ]),
    );
    expect(offeredPermissions(offer, undefined)).toEqual(new Set());
  });

  it("offers only the actions they hold on another application's permission", () => {
    const orders = row({ applicationId: 'a', permissionId: 'orders' });
    expect(actionOffered(offer, orders, 'retrieve')).toBe(true);
    expect(actionOffered(offer, orders, 'delete')).toBe(false);
    expect(actionOffered(offer, row({ applicationId: 'a' }), 'retrieve')).toBe(false);
  });

  it('keeps a console area limited to the applications they may give it for', () => {
    const users = row({ applicationId: 'platform', permissionId: 'admin-setting.manage-user' });
    // Unlimited, nothing of it can be given; limited to a subset of a, its held actions can.
    expect(actionOffered(offer, users, 'update')).toBe(false);
    const limited = { ...users, limited: true, applicationIds: ['a'] };
    expect(actionOffered(offer, limited, 'update')).toBe(true);
    expect(actionOffered(offer, limited, 'delete')).toBe(false);
    expect(actionOffered(offer, { ...limited, applicationIds: ['a', 'b'] }, 'update')).toBe(false);
    expect(mayCoverAll(offer, { ...limited, actionEntitySet: ['update'] })).toBe(false);
    expect(offeredLimits(offer, { ...limited, actionEntitySet: ['update'] })).toEqual(new Set(['a']));
  });

  it('an area they hold for every application stays within the applications they manage roles in', () => {
    const clients = row({
      applicationId: 'platform',
      permissionId: 'app-config.client',
      actionEntitySet: ['retrieve'],
    });
    expect(mayCoverAll(offer, clients)).toBe(false);
    expect(offeredLimits(offer, clients)).toEqual(new Set(['a']));
  });

  it('starts a new grant limited and without actions, and drops the actions another permission lacks', () => {
    expect(newGrant(offer)).toEqual({ actionEntitySet: [], limited: true, applicationIds: [] });
    expect(
      offeredActions(
        offer,
        row({ applicationId: 'a', permissionId: 'orders', actionEntitySet: ['retrieve', 'delete'] }),
      ),
    ).toEqual(['retrieve']);
  });

  it('lets only resources they hold be checked, with ancestors they hold, in the applications they manage', () => {
    const parents = new Map<string, string | null>([
      ['menu-a', 'category-a'],
      ['category-a', null],
      ['element-a', 'menu-a'],
      ['menu-b', 'category-b'],
    ]);
    const parentOf = (id: string) => parents.get(id);
    const none = new Set<string>();
    expect(resourceCheckable(offer, { resourceId: 'menu-a', applicationId: 'a' }, none, parentOf)).toBe(true);
    expect(resourceCheckable(offer, { resourceId: 'element-a', applicationId: 'a' }, none, parentOf)).toBe(
      false,
    );
    // Held, but its parent is neither held nor granted.
    expect(resourceCheckable(offer, { resourceId: 'menu-b', applicationId: 'a' }, none, parentOf)).toBe(
      false,
    );
    // The console's own resources lie within every application.
    expect(resourceOffered(offer, 'console-menu', 'platform')).toBe(true);
    expect(resourceOffered(offer, 'menu-a', 'b')).toBe(false);
    // A granted resource can always be unchecked.
    expect(
      resourceCheckable(
        offer,
        { resourceId: 'element-a', applicationId: 'a' },
        new Set(['element-a']),
        parentOf,
      ),
    ).toBe(true);
  });
});

describe('what the role has already stays', () => {
  const before: RoleGrants = {
    permissions: [
      { applicationId: 'a', permissionId: 'orders', actionEntitySet: ['retrieve', 'delete'] },
      {
        applicationId: 'platform',
        permissionId: 'admin-setting.manage-user',
        actionEntitySet: ['delete'],
        applicationIds: ['a'],
      },
    ],
    resources: ['element-a'],
  };

  it('keeps what the role grants, though the manager does not hold it', () => {
    const offer = grantOffer(MANAGER, { held: false }, before);
    const orders = row({ applicationId: 'a', permissionId: 'orders' });
    expect(actionOffered(offer, orders, 'delete')).toBe(true);
    expect(actionOffered(offer, orders, 'create')).toBe(false);
    const users = row({
      applicationId: 'platform',
      permissionId: 'admin-setting.manage-user',
      limited: true,
      applicationIds: ['a'],
    });
    expect(actionOffered(offer, users, 'delete')).toBe(true);
    expect(resourceOffered(offer, 'element-a', 'a')).toBe(true);
  });

  it('on a role the caller holds, offers nothing beyond it', () => {
    const offer = grantOffer(MANAGER, { held: true }, before);
    expect(offer.narrowOnly).toBe(true);
    expect(offeredApplications(offer)).toEqual(new Set(['platform', 'a']));
    expect(offeredPermissions(offer, 'platform')).toEqual(new Set(['admin-setting.manage-user']));
    const orders = row({ applicationId: 'a', permissionId: 'orders' });
    expect(actionOffered(offer, orders, 'retrieve')).toBe(true);
    expect(actionOffered(offer, orders, 'update')).toBe(false);
    const users = row({
      applicationId: 'platform',
      permissionId: 'admin-setting.manage-user',
      limited: true,
      applicationIds: ['a'],
    });
    // manage-user update is the manager's, but the role they hold cannot gain it.
    expect(actionOffered(offer, users, 'update')).toBe(false);
    expect(resourceOffered(offer, 'menu-a', 'a')).toBe(false);
    expect(resourceOffered(offer, 'element-a', 'a')).toBe(true);
  });

  it("without the caller's holdings, only what the role has", () => {
    const offer = grantOffer(undefined, {}, before);
    expect(offer.all).toBe(false);
    expect(offeredPermissions(offer, 'a')).toEqual(new Set(['orders']));
    expect(resourceOffered(offer, 'menu-a', 'a')).toBe(false);
  });

  it('an unlimited grant the role has may stay unlimited', () => {
    const offer = grantOffer(
      MANAGER,
      {},
      {
        permissions: [
          { applicationId: 'platform', permissionId: 'app-config.client', actionEntitySet: ['retrieve'] },
        ],
        resources: [],
      },
    );
    const clients = row({
      applicationId: 'platform',
      permissionId: 'app-config.client',
      actionEntitySet: ['retrieve'],
    });
    expect(mayCoverAll(offer, clients)).toBe(true);
    expect(offeredLimits(offer, clients)).toBeNull();
  });
});

describe('offeredChoices', () => {
  const found = [
    { value: 'orders', label: 'Orders (orders)' },
    { value: 'invoices', label: 'Invoices (invoices)' },
  ];

  it('keeps only what may be named, and names by id what the search did not bring back', () => {
    expect(offeredChoices(found, new Set(['orders', 'refunds']), '')).toEqual([
      { value: 'orders', label: 'Orders (orders)' },
      { value: 'refunds', label: 'refunds' },
    ]);
    expect(offeredChoices(found, new Set(['orders', 'refunds']), 'ord')).toEqual([found[0]]);
    expect(offeredChoices(found, null, 'x')).toEqual(found);
    // Named from what is known of them, and matched by that name too.
    const names = [{ value: 'refunds', label: 'Refunds (refunds)' }];
    expect(offeredChoices([], new Set(['refunds']), 'REF', names)).toEqual(names);
    expect(offeredChoices([], new Set(['refunds']), 'Refunds (', names)).toEqual(names);
  });
});

describe('covers', () => {
  it('says whether a reach covers another', () => {
    expect(covers('all', 'all')).toBe(true);
    expect(covers(new Set(['a']), 'all')).toBe(false);
    expect(covers(new Set(['a', 'b']), new Set(['a']))).toBe(true);
    expect(covers(null, new Set())).toBe(false);
  });
});
