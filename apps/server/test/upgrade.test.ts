import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM_APP_ID } from '@gatehouse/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate.ts';
import { oidcPayloads, resources, rolePermissions, roleResources, roles } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { ADMINISTRATOR_CODE, seed } from '../src/platform/seed.ts';
import { ADMIN_PASSWORD, build, openTestDatabase, TEST_DB, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});

const platformResource = async (id: string) =>
  (
    await t.db
      .select()
      .from(resources)
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.id, id)))
  )[0];

describe('the platform tree on an upgraded installation', () => {
  it('gains the menus a new version adds, and keeps every edit of an administrator', async () => {
    // An administrator's edits: a renamed menu, a disabled one, a menu of their own.
    await t.db
      .update(resources)
      .set({ name: 'Clients', order: 9 })
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.id, 'app-config.client')));
    await t.db
      .update(resources)
      .set({ status: 'DISABLED' })
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.id, 'admin-setting.audit-log')));
    const identity = (await platformResource('identity'))!;
    await t.db.insert(resources).values({
      applicationId: PLATFORM_APP_ID,
      id: 'custom.reports',
      name: 'Reports',
      type: 'MENU',
      url: '/custom/reports',
      parentId: identity.resourceId,
    });
    // What an older version lacks: the user screen with its buttons, and a whole category.
    await t.db
      .delete(resources)
      .where(
        and(
          eq(resources.applicationId, PLATFORM_APP_ID),
          sql`${resources.id} in ('admin-setting.manage-user', 'notification', 'notification.message')`,
        ),
      );
    expect(await platformResource('admin-setting.manage-user')).toBeUndefined();

    await seed(t.db, { adminPassword: ADMIN_PASSWORD });

    const user = (await platformResource('admin-setting.manage-user'))!;
    expect(user).toMatchObject({
      type: 'MENU',
      url: '/admin-setting/manage-user',
      parentId: identity.resourceId,
    });
    const notification = (await platformResource('notification'))!;
    expect(notification).toMatchObject({ type: 'CATEGORY', parentId: null });
    expect(await platformResource('notification.message')).toMatchObject({
      parentId: notification.resourceId,
    });
    expect(await platformResource('app-config.client')).toMatchObject({ name: 'Clients', order: 9 });
    expect(await platformResource('admin-setting.audit-log')).toMatchObject({ status: 'DISABLED' });
    expect(await platformResource('custom.reports')).toMatchObject({ name: 'Reports' });

    // The Administrator sees the added menus at once, and the rest of the navigation as edited.
    const admin = await t.login();
    const menus = JSON.stringify((await t.get('/api/oauth2-server/authorization/menus', admin)).json());
    expect(menus).toContain('/admin-setting/manage-user');
    expect(menus).toContain('/notification/message');
    expect(menus).toContain('/custom/reports');
    expect(menus).toContain('"menuName":"Clients"');
    expect(menus).not.toContain('/admin-setting/audit-log');
    const [administrator] = await t.db.select().from(roles).where(eq(roles.code, ADMINISTRATOR_CODE));
    const granted = await t.db
      .select()
      .from(roleResources)
      .where(
        and(eq(roleResources.roleId, administrator!.roleId), eq(roleResources.resourceId, user.resourceId)),
      );
    expect(granted).toHaveLength(1);
  });
});

/**
 * A database migrated as far as an older version: the migrations before `idx` (a new database
 * on PostgreSQL, a fresh PGlite, not the migrated template, otherwise). `run` gets it; it is
 * dropped afterwards.
 */
async function atMigration(idx: number, run: (handle: DatabaseHandle) => Promise<void>) {
  const { handle, drop } =
    TEST_DB === 'postgres'
      ? await openTestDatabase()
      : await openDatabase({ kind: 'pglite' }).then((h) => ({ handle: h, drop: () => h.close() }));
  const older = mkdtempSync(join(tmpdir(), 'gatehouse-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < idx);
    writeFileSync(journalPath, JSON.stringify(journal));
    if (handle.kind === 'pglite') {
      const { drizzle } = await import('drizzle-orm/pglite');
      await migratePglite(drizzle({ client: handle.client }), { migrationsFolder: older });
    } else {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      await migratePg(drizzle({ client: handle.pool }), { migrationsFolder: older });
    }
    await run(handle);
  } finally {
    rmSync(older, { recursive: true, force: true });
    await drop();
  }
}

describe('migration 0002 on an existing installation', () => {
  it('backfills role codes and the application of every grant', async () => {
    // The version before identity: 0000 and 0001.
    await atMigration(2, async (handle) => {
      // What that version's seed wrote.
      await handle.db.execute(
        sql`insert into applications (application_id, name, builtin) values ('platform', 'Gatehouse', true)`,
      );
      await handle.db.execute(
        sql`insert into roles (name, builtin) values ('Administrator', true), ('Reader', false)`,
      );
      await handle.db.execute(sql`insert into role_permissions (role_id, permission_id, actions)
        select role_id, 'app-config.client', '{retrieve}' from roles`);
      await migrateDatabase(handle);
      const rows = await handle.db
        .select({
          name: roles.name,
          code: roles.code,
          status: roles.status,
          applicationId: rolePermissions.applicationId,
          applicationIds: rolePermissions.applicationIds,
        })
        .from(roles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.roleId))
        .orderBy(asc(roles.name));
      expect(rows[0]).toEqual({
        name: 'Administrator',
        code: 'administrator',
        status: 'ENABLED',
        applicationId: 'platform',
        applicationIds: null,
      });
      expect(rows[1]!.code).toMatch(/^role-[0-9a-f-]{36}$/);
      // The seed finds the built-in role by its backfilled code: no second Administrator.
      await seed(handle.db, { adminPassword: ADMIN_PASSWORD, print: () => {} });
      expect(await handle.db.select().from(roles).where(eq(roles.builtin, true))).toHaveLength(1);
    });
  }, 60_000);
});

describe('migration 0011 on an existing installation', () => {
  it("keeps the provider's artefacts by the hash of their id, the tokens without their jti", async () => {
    await atMigration(11, async (handle) => {
      // The artefacts of an enabled account: from 0015 on, those of no such account are dropped.
      const user = '00000000-0000-4000-8000-000000000001';
      await handle.db.execute(
        sql`insert into users (user_id, username, name, password_hash) values (${user}, 'u1', 'U1', 'x')`,
      );
      await handle.db.execute(sql`insert into oidc_payloads (model, id, payload) values
        ('AccessToken', 'the-access-token-value', ${JSON.stringify({ jti: 'the-access-token-value', accountId: user })}::jsonb),
        ('Grant', 'the-grant-id', ${JSON.stringify({ jti: 'the-grant-id', accountId: user })}::jsonb)`);
      await migrateDatabase(handle);
      const rows = await handle.db
        .select({ model: oidcPayloads.model, id: oidcPayloads.id, payload: oidcPayloads.payload })
        .from(oidcPayloads)
        .orderBy(asc(oidcPayloads.model));
      expect(rows).toEqual([
        { model: 'AccessToken', id: hashToken('the-access-token-value'), payload: { accountId: user } },
        { model: 'Grant', id: hashToken('the-grant-id'), payload: { jti: 'the-grant-id', accountId: user } },
      ]);
    });
  }, 60_000);
});

describe('migration 0014 on an existing installation', () => {
  it('counts the children every resource already has', async () => {
    await atMigration(14, async (handle) => {
      await handle.db.execute(sql`insert into applications (application_id, name) values ('shop', 'Shop')`);
      await handle.db.execute(sql`insert into resources (application_id, id, name, type) values
        ('shop', 'cat', 'Cat', 'CATEGORY'), ('shop', 'empty', 'Empty', 'CATEGORY')`);
      await handle.db.execute(sql`insert into resources (application_id, id, name, type, parent_id)
        select 'shop', 'menu-' || i, 'Menu ' || i, 'MENU', resource_id
        from resources, generate_series(1, 3) i where id = 'cat'`);
      await migrateDatabase(handle);
      const counts = await handle.db
        .select({ id: resources.id, childCount: resources.childCount })
        .from(resources)
        .where(eq(resources.applicationId, 'shop'))
        .orderBy(asc(resources.id));
      expect(counts).toEqual([
        { id: 'cat', childCount: 3 },
        { id: 'empty', childCount: 0 },
        { id: 'menu-1', childCount: 0 },
        { id: 'menu-2', childCount: 0 },
        { id: 'menu-3', childCount: 0 },
      ]);
    });
  }, 60_000);
});

describe('migration 0015 on an existing installation', () => {
  it('names the account of every artefact written before, and drops those of accounts no longer enabled', async () => {
    await atMigration(15, async (handle) => {
      const rowsOf = async <Row>(query: SQL) =>
        ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
      const [enabled, disabled] = await rowsOf<{ user_id: string }>(sql`insert into users
        (username, name, password_hash, status) values ('kept', 'Kept', 'x', 'ENABLED'), ('gone', 'Gone', 'x', 'DISABLED')
        returning user_id`);
      const deleted = '00000000-0000-4000-8000-000000000000';
      const payload = (value: object) => JSON.stringify(value);
      await handle.db.execute(sql`insert into oidc_payloads (model, id, payload, grant_id) values
        ('Session', 's1', ${payload({ accountId: enabled!.user_id, uid: 'u1' })}::jsonb, null),
        ('Grant', 'g1', ${payload({ jti: 'grant-1', accountId: enabled!.user_id })}::jsonb, null),
        ('RefreshToken', 'r1', ${payload({ accountId: enabled!.user_id, grantId: 'grant-1' })}::jsonb, 'grant-1'),
        ('Interaction', 'i1', ${payload({ result: { login: { accountId: enabled!.user_id } } })}::jsonb, null),
        ('Interaction', 'i2', ${payload({ session: { accountId: enabled!.user_id, uid: 'u1' } })}::jsonb, null),
        ('Interaction', 'i3', ${payload({ params: { client_id: 'c' } })}::jsonb, null),
        ('ClientCredentials', 'c1', ${payload({ clientId: 'c' })}::jsonb, null),
        ('Session', 's2', ${payload({ accountId: disabled!.user_id })}::jsonb, null),
        ('AccessToken', 'a2', ${payload({ accountId: deleted, grantId: 'grant-2' })}::jsonb, 'grant-2')`);
      await migrateDatabase(handle);
      const rows = await handle.db
        .select({ model: oidcPayloads.model, id: oidcPayloads.id, accountId: oidcPayloads.accountId })
        .from(oidcPayloads)
        .orderBy(asc(oidcPayloads.id));
      const account = enabled!.user_id;
      expect(rows).toEqual([
        { model: 'ClientCredentials', id: 'c1', accountId: null },
        { model: 'Grant', id: 'g1', accountId: account },
        { model: 'Interaction', id: 'i1', accountId: account },
        { model: 'Interaction', id: 'i2', accountId: account },
        { model: 'Interaction', id: 'i3', accountId: null },
        { model: 'RefreshToken', id: 'r1', accountId: account },
        { model: 'Session', id: 's1', accountId: account },
      ]);
    });
  }, 60_000);
});

describe('migration 0021 on an existing installation', () => {
  it('gives `export` to every audit grant that could read, and so export, the trail', async () => {
    await atMigration(21, async (handle) => {
      await handle.db.execute(
        sql`insert into applications (application_id, name, builtin) values ('platform', 'Gatehouse', true), ('shop', 'Shop', false)`,
      );
      await handle.db.execute(sql`insert into roles (name, code) values ('Auditor', 'auditor'),
        ('Shop auditor', 'shop-auditor'), ('Editor', 'editor'), ('Client reader', 'client-reader')`);
      await handle.db.execute(sql`insert into role_permissions (role_id, application_id, permission_id, actions, application_ids)
        select role_id, 'platform', case when code = 'client-reader' then 'app-config.client' else 'admin-setting.audit-log' end,
          case when code = 'editor' then '{create,update}'::text[] else '{retrieve}'::text[] end,
          case when code = 'shop-auditor' then '{shop}'::text[] end
        from roles`);
      await migrateDatabase(handle);
      const rows = await handle.db
        .select({
          code: roles.code,
          actions: rolePermissions.actions,
          applicationIds: rolePermissions.applicationIds,
        })
        .from(roles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.roleId))
        .orderBy(asc(roles.code));
      expect(rows).toEqual([
        { code: 'auditor', actions: ['retrieve', 'export'], applicationIds: null },
        { code: 'client-reader', actions: ['retrieve'], applicationIds: null },
        { code: 'editor', actions: ['create', 'update'], applicationIds: null },
        { code: 'shop-auditor', actions: ['retrieve', 'export'], applicationIds: ['shop'] },
      ]);
    });
  }, 60_000);
});
