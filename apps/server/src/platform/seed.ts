import { randomUUID } from 'node:crypto';
import {
  ADMIN_USERNAME,
  allNavMenus,
  CONSOLE_NAVIGATION,
  DATA_ACCESS_CATEGORY_DICTIONARY,
  type NavMenu,
  PLATFORM_APP_ID,
  PRODUCT_NAME,
  permissionIdForPath,
  resourceIdForPath,
} from '@gatehouse/contract';
import type { Database, Transaction } from '../db/client.ts';
import { type AuditContext, audit } from '../lib/audit.ts';
import { generatePassword, hashPassword } from '../modules/passwords/hashing.ts';
import * as repo from './repository.ts';

export const ADMINISTRATOR_ROLE = 'Administrator';
/** The built-in role's code, which the seed finds it by. */
export const ADMINISTRATOR_CODE = 'administrator';

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

type PlatformResource = Omit<Parameters<typeof repo.insertPlatformResources>[1][number], 'resourceId'>;

/**
 * Inserts the resources of the console navigation that the platform tree lacks, matched by
 * (application, id): a fresh installation gets the whole tree, and an upgraded one the menus
 * and buttons its new version adds. What is there already is never touched, so an
 * administrator's edits (names, order, status, menus of their own) survive every start. A
 * new node goes under the existing node with its parent's id, wherever that now sits.
 */
async function seedPlatformTree(tx: Transaction): Promise<string[]> {
  const existing = await repo.platformResourceKeys(tx);
  // The missing resources are keyed here and written in one statement at the end, parents
  // before their children: one round trip instead of one per resource on a new installation.
  const missing: (PlatformResource & { resourceId: string })[] = [];
  const ensure = async (values: PlatformResource): Promise<string> => {
    const found = existing.get(values.id);
    if (found) return found;
    const resourceId = randomUUID();
    existing.set(values.id, resourceId);
    missing.push({ ...values, resourceId });
    return resourceId;
  };
  const seedMenus = async (menus: readonly NavMenu[], parentId: string) => {
    for (const [index, menu] of menus.entries()) {
      const menuId = await ensure({
        id: resourceIdForPath(menu.path),
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
        await ensure({ id: code, name: code, type: 'ELEMENT', order: elementIndex + 1, parentId: menuId });
      }
      if (menu.children) await seedMenus(menu.children, menuId);
    }
  };
  for (const [index, category] of CONSOLE_NAVIGATION.entries()) {
    const categoryId = await ensure({
      id: category.key,
      name: category.title,
      type: 'CATEGORY',
      order: index + 1,
      icon: category.icon,
    });
    await seedMenus(category.menus, categoryId);
  }
  await repo.insertPlatformResources(tx, missing);
  return missing.map((r) => r.id);
}

/**
 * The built-in `platform` application: Gatehouse itself, its resource tree the console
 * navigation. The application is created once; its tree is topped up on every start.
 */
async function seedPlatform(tx: Transaction): Promise<boolean> {
  const created = !(await repo.platformExists(tx));
  if (created) {
    await repo.insertPlatform(tx, {
      name: PRODUCT_NAME,
      description: `${PRODUCT_NAME} itself: the console's menus and buttons`,
      builtin: true,
    });
  }
  const added = await seedPlatformTree(tx);
  if (created || added.length > 0) {
    await audit(tx, SYSTEM, {
      action: 'seed',
      entity: 'application',
      entityId: PLATFORM_APP_ID,
      after: { addedResources: added },
    });
  }
  return created;
}

/**
 * Administrator: built in, so every check passes and every enabled platform resource shows
 * whatever it lists. It still lists every console permission with every action and every
 * platform resource, topped up on every start, so that its grants read as what it holds.
 */
/** The data-access categories the console offers; any other category is accepted too. */
const DATA_ACCESS_CATEGORIES = [
  { code: 'personal', labelEn: 'Personal data', labelZh: '个人数据' },
  { code: 'business', labelEn: 'Business data', labelZh: '业务数据' },
  { code: 'financial', labelEn: 'Financial data', labelZh: '财务数据' },
  { code: 'system', labelEn: 'System data', labelZh: '系统数据' },
];

/**
 * The platform's `data-access-category` dictionary, when it is missing. An administrator's
 * edits to it are kept; a deleted one comes back at the next start.
 */
async function seedDictionaries(tx: Transaction): Promise<void> {
  if (await repo.findPlatformDictionaryId(tx, DATA_ACCESS_CATEGORY_DICTIONARY)) return;
  const dictionaryId = await repo.insertPlatformDictionary(
    tx,
    {
      code: DATA_ACCESS_CATEGORY_DICTIONARY,
      name: 'Data access categories',
      description: 'The categories offered for a data access',
      allowCustom: true,
    },
    DATA_ACCESS_CATEGORIES.map((item, index) => ({ ...item, order: index + 1 })),
  );
  await audit(tx, SYSTEM, {
    action: 'seed',
    entity: 'dictionary',
    entityId: dictionaryId,
    after: { code: DATA_ACCESS_CATEGORY_DICTIONARY, items: DATA_ACCESS_CATEGORIES.map((i) => i.code) },
  });
}

async function seedAdministratorRole(tx: Transaction): Promise<{ roleId: string; created: boolean }> {
  const existing = await repo.findRoleId(tx, ADMINISTRATOR_CODE);
  let roleId = existing;
  if (!roleId) {
    roleId = await repo.insertRole(tx, {
      name: ADMINISTRATOR_ROLE,
      code: ADMINISTRATOR_CODE,
      description: 'Holds every permission',
      builtin: true,
    });
    await audit(tx, SYSTEM, {
      action: 'seed',
      entity: 'role',
      entityId: roleId,
      after: { name: ADMINISTRATOR_ROLE, code: ADMINISTRATOR_CODE },
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
    await seedDictionaries(tx);
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
