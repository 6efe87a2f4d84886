import {
  ADMIN_USERNAME,
  allNavMenus,
  CONSOLE_NAVIGATION,
  type NavMenu,
  PLATFORM_APP_ID,
  PRODUCT_NAME,
  permissionIdForPath,
} from '@gatehouse/contract';
import type { Database, Transaction } from '../db/client.ts';
import { type AuditContext, audit } from '../lib/audit.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import * as repo from './repository.ts';

export const ADMINISTRATOR_ROLE = 'Administrator';

export type SeedOptions = {
  /** The first administrator's password; generated (and printed once) when absent. */
  adminPassword?: string | undefined;
  /** Where the generated password goes; stdout by default. */
  print?: (text: string) => void;
};

export type SeedResult = {
  adminCreated: boolean;
  platformCreated: boolean;
  roleCreated: boolean;
  generatedPassword?: string;
};

const SYSTEM: AuditContext = { actorId: null, actorName: 'system', ip: null, requestId: null };

/** Every area permission of the console: one per navigation path. */
export function consolePermissionIds(): string[] {
  return [...new Set(allNavMenus().map((m) => permissionIdForPath(m.path)))];
}

async function seedMenus(tx: Transaction, menus: NavMenu[], parentId: string): Promise<void> {
  for (const [index, menu] of menus.entries()) {
    const menuId = await repo.insertPlatformResource(tx, {
      id: permissionIdForPath(menu.path),
      name: menu.title,
      type: 'MENU',
      url: menu.path,
      order: index + 1,
      parentId,
      icon: menu.icon ?? null,
      hidden: menu.hidden ?? false,
      keepAlive: menu.keepAlive ?? false,
    });
    for (const [elementIndex, code] of (menu.elements ?? []).entries()) {
      await repo.insertPlatformResource(tx, {
        id: code,
        name: code,
        type: 'ELEMENT',
        order: elementIndex + 1,
        parentId: menuId,
      });
    }
    if (menu.children) await seedMenus(tx, menu.children, menuId);
  }
}

/** The built-in `platform` application: Gatehouse itself, its resource tree the console navigation. */
async function seedPlatform(tx: Transaction): Promise<boolean> {
  if (await repo.platformExists(tx)) return false;
  await repo.insertPlatform(tx, {
    name: PRODUCT_NAME,
    description: `${PRODUCT_NAME} itself: the console's menus and buttons`,
    builtin: true,
  });
  for (const [index, category] of CONSOLE_NAVIGATION.entries()) {
    const categoryId = await repo.insertPlatformResource(tx, {
      id: category.key,
      name: category.title,
      type: 'CATEGORY',
      order: index + 1,
      icon: category.icon,
    });
    await seedMenus(tx, category.menus, categoryId);
  }
  await audit(tx, SYSTEM, { action: 'seed', entity: 'application', entityId: PLATFORM_APP_ID });
  return true;
}

/**
 * Administrator: every console permission with every action, and every platform resource.
 * It is topped up on every start, so a permission or menu added by a later version is
 * granted to it without a data migration; nothing is taken away.
 */
async function seedAdministratorRole(tx: Transaction): Promise<{ roleId: string; created: boolean }> {
  const existing = await repo.findRoleId(tx, ADMINISTRATOR_ROLE);
  let roleId = existing;
  if (!roleId) {
    roleId = await repo.insertRole(tx, {
      name: ADMINISTRATOR_ROLE,
      description: 'Holds every permission',
      builtin: true,
    });
    await audit(tx, SYSTEM, {
      action: 'seed',
      entity: 'role',
      entityId: roleId,
      after: { name: ADMINISTRATOR_ROLE },
    });
  }
  await repo.grantAllActions(tx, roleId, consolePermissionIds());
  await repo.grantPlatformResources(tx, roleId);
  return { roleId, created: !existing };
}

export function passwordBanner(password: string): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    `  ${PRODUCT_NAME}: the first administrator account was created.`,
    '',
    `    username: ${ADMIN_USERNAME}`,
    `    password: ${password}`,
    '',
    '  This password is shown only this once. You must replace it at the first sign-in.',
    '  Set GATEHOUSE_ADMIN_PASSWORD before the first start to choose it yourself.',
    line,
    '',
  ].join('\n');
}

/**
 * Creates what a fresh installation needs, and only what is missing: the platform
 * application with its resource tree, the Administrator role and the `admin` account.
 * Safe to run on every start and from several instances at once.
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const generated = options.adminPassword ? undefined : generatePassword();
  const password = options.adminPassword ?? generated!;
  const result = await db.transaction(async (tx) => {
    await repo.lockSeeding(tx);
    const platformCreated = await seedPlatform(tx);
    const role = await seedAdministratorRole(tx);

    if (await repo.findUserId(tx, ADMIN_USERNAME)) {
      return { adminCreated: false, platformCreated, roleCreated: role.created };
    }
    const userId = await repo.insertUserWithRole(
      tx,
      {
        username: ADMIN_USERNAME,
        name: 'Administrator',
        passwordHash: await hashPassword(password),
        // A generated password has been on a console screen or in a log: it must be replaced.
        mustChangePassword: generated !== undefined,
      },
      role.roleId,
    );
    await audit(tx, SYSTEM, {
      action: 'seed',
      entity: 'user',
      entityId: userId,
      after: { username: ADMIN_USERNAME, mustChangePassword: generated !== undefined },
    });
    return { adminCreated: true, platformCreated, roleCreated: role.created };
  });
  if (result.adminCreated && generated) {
    // Printed after the commit, so a rolled-back seed never shows a password that does not exist.
    (options.print ?? ((text) => process.stdout.write(`${text}\n`)))(passwordBanner(generated));
    return { ...result, generatedPassword: generated };
  }
  return result;
}
