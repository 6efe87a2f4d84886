import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ADMIN_USERNAME,
  AUDIT_PERMISSION_ID,
  actionsOf,
  allNavMenus,
  PLATFORM_APP_ID,
} from '@gatehouse/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { isoTimestamp, jsonRows } from '../src/db/json.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../src/db/migrate.ts';
import {
  applications,
  auditLog,
  products,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { type AuditContext, audit, auditedStatement } from '../src/lib/audit.ts';
import { verifyPassword } from '../src/modules/passwords/hashing.ts';
import { ADMINISTRATOR_ROLE, consolePermissionIds, seed } from '../src/platform/seed.ts';
import { ADMIN_PASSWORD, build, openTestDatabase, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});

/** The audit records a request wrote, by its request id. */
const auditRecords = (requestId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));

const ctx: AuditContext = { actorId: 'u-1', actorName: 'tester', ip: '127.0.0.1', requestId: 'req-db-test' };

async function counts(db: Database) {
  const [u] = await db.select({ n: count() }).from(users);
  const [a] = await db.select({ n: count() }).from(applications);
  const [r] = await db.select({ n: count() }).from(resources);
  const [ro] = await db.select({ n: count() }).from(roles);
  const [rp] = await db.select({ n: count() }).from(rolePermissions);
  const [rr] = await db.select({ n: count() }).from(roleResources);
  const [ur] = await db.select({ n: count() }).from(userRoles);
  return {
    users: u!.n,
    apps: a!.n,
    resources: r!.n,
    roles: ro!.n,
    perms: rp!.n,
    grants: rr!.n,
    userRoles: ur!.n,
  };
}

describe('audit in the same transaction', () => {
  it('a change that fails after auditing leaves neither the change nor the record', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [p] = await tx.insert(products).values({ id: 'rolled-back', name: 'Rolled back' }).returning();
        await audit(tx, ctx, { action: 'create', entity: 'product', entityId: p!.productId, after: p });
        throw new Error('the change fails after its audit row was written');
      }),
    ).rejects.toThrow(/fails after/);
    expect(await t.db.select().from(products).where(eq(products.id, 'rolled-back'))).toEqual([]);
    expect(await auditRecords('req-db-test')).toEqual([]);
  });

  it('an audit record that cannot be written rolls the change back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(products).values({ id: 'no-audit-no-change', name: 'x' });
        // A BigInt cannot become JSON, so the audit insert fails.
        await audit(tx, ctx, { action: 'create', entity: 'product', after: { n: 1n } });
      }),
    ).rejects.toThrow();
    expect(await t.db.select().from(products).where(eq(products.id, 'no-audit-no-change'))).toEqual([]);
  });

  it('a committed change has its record, with before/after and secrets redacted', async () => {
    await t.db.transaction(async (tx) => {
      const [p] = await tx.insert(products).values({ id: 'committed', name: 'Committed' }).returning();
      await audit(
        tx,
        { ...ctx, requestId: 'req-db-commit' },
        {
          action: 'update',
          entity: 'product',
          entityId: p!.productId,
          before: { name: 'Old', passwordHash: 'h' },
          after: { name: 'Committed', secret: 's3cr3t' },
        },
      );
    });
    const [row] = await auditRecords('req-db-commit');
    expect(row).toMatchObject({
      actorId: 'u-1',
      actorName: 'tester',
      action: 'update',
      entity: 'product',
      ip: '127.0.0.1',
      before: { name: 'Old', passwordHash: '[redacted]' },
      after: { name: 'Committed', secret: '[redacted]' },
    });
    expect(row!.at).toBeInstanceOf(Date);
  });
});

describe('auditedStatement: a change and its record in one statement', () => {
  it('writes every part and the record, with secrets redacted', async () => {
    await auditedStatement(
      t.db,
      { ...ctx, requestId: 'req-statement-commit' },
      { action: 'create', entity: 'product', entityId: 'stmt-a', after: { name: 'A', secret: 's' } },
      [
        t.db.insert(products).values({ id: 'stmt-a', name: 'A' }),
        t.db.insert(products).values({ id: 'stmt-b', name: 'B' }),
      ],
    );
    const made = await t.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.id} like 'stmt-%'`);
    expect(made.map((p) => p.id).sort()).toEqual(['stmt-a', 'stmt-b']);
    const [row] = await auditRecords('req-statement-commit');
    expect(row).toMatchObject({
      actorId: 'u-1',
      action: 'create',
      entity: 'product',
      entityId: 'stmt-a',
      after: { name: 'A', secret: '[redacted]' },
    });
  });

  it('refuses a change of no statement', async () => {
    await expect(
      auditedStatement(t.db, ctx, { action: 'create', entity: 'product', entityId: 'x' }, []),
    ).rejects.toThrow(/no change/);
  });

  it('a part that fails leaves neither the other parts nor the record', async () => {
    await t.db.insert(products).values({ id: 'stmt-taken', name: 'Taken' });
    await expect(
      auditedStatement(
        t.db,
        { ...ctx, requestId: 'req-statement-fails' },
        { action: 'create', entity: 'product', entityId: 'stmt-new' },
        [
          t.db.insert(products).values({ id: 'stmt-new', name: 'New' }),
          // The same id again: the unique key refuses it, and with it the whole statement.
          t.db.insert(products).values({ id: 'stmt-taken', name: 'Again' }),
        ],
      ),
    ).rejects.toThrow();
    expect(await t.db.select().from(products).where(eq(products.id, 'stmt-new'))).toEqual([]);
    expect(await auditRecords('req-statement-fails')).toEqual([]);
  });

  it('a record the database refuses leaves the change unmade', async () => {
    const failure = await auditedStatement(
      t.db,
      ctx,
      // jsonb has no NUL character: PostgreSQL refuses the record, in the statement that makes the change.
      { action: 'create', entity: 'product', entityId: 'x', after: { name: 'nul \u0000' } },
      [t.db.insert(products).values({ id: 'stmt-no-record', name: 'x' })],
    ).catch((err: Error) => err);
    // Refused by the database itself, not while the statement was built.
    expect((failure as Error & { cause?: Error }).cause?.message).toMatch(/unicode/i);
    expect(await t.db.select().from(products).where(eq(products.id, 'stmt-no-record'))).toEqual([]);
  });
});

describe('rows as one JSON value (db/json.ts)', () => {
  it('keeps the order and the empty case, and takes only plain keys', async () => {
    const rows = await t.db
      .select({
        rows: jsonRows<{ n: number; at: string }>({ n: sql`n`, at: isoTimestamp(sql`t`) }, [sql`n desc`]),
      })
      .from(
        sql`(values (1, '2026-03-04 05:06:07.0009+00'::timestamptz), (2, '1999-12-31 23:59:59.9999+00')) as v(n, t)`,
      );
    expect(rows[0]!.rows).toEqual([
      { n: 2, at: '1999-12-31T23:59:59.999Z' },
      { n: 1, at: '2026-03-04T05:06:07.000Z' },
    ]);
    const none = await t.db
      .select({ rows: jsonRows({ n: sql`n` }, [sql`n`]) })
      .from(sql`(select 1 as n where false) as v`);
    expect(none[0]!.rows).toEqual([]);
    expect(() => jsonRows({ "x', 1) --": sql`1` }, [sql`1`])).toThrow(/not a plain key/);
    expect(() => jsonRows({ n: sql`n` }, [])).toThrow(/need an order/);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, sql`1`]));
    expect(() => jsonRows(many, [sql`1`])).toThrow(/51 fields/);
  });
});

describe('seed', () => {
  it('creates the platform app, its resource tree, Administrator and admin', async () => {
    const [app] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.applicationId, PLATFORM_APP_ID));
    expect(app).toMatchObject({ name: 'Gatehouse', builtin: true, status: 'ENABLED' });
    const tree = await t.db.select().from(resources).where(eq(resources.applicationId, PLATFORM_APP_ID));
    const menus = tree.filter((r) => r.type === 'MENU');
    expect(menus).toHaveLength(allNavMenus().length);
    expect(
      tree.filter((r) => r.type === 'CATEGORY').every((r) => r.parentId === null && r.url === null),
    ).toBe(true);
    expect(menus.every((m) => m.parentId !== null && m.url?.startsWith('/'))).toBe(true);
    const client = tree.find((r) => r.id === 'app-config.client')!;
    expect(client).toMatchObject({
      url: '/app-config/client',
      order: 3,
      keepAlive: true,
      icon: 'ApiOutlined',
    });
    const element = tree.find((r) => r.id === 'client:create')!;
    expect(element).toMatchObject({ type: 'ELEMENT', parentId: client.resourceId });

    const [role] = await t.db.select().from(roles).where(eq(roles.name, ADMINISTRATOR_ROLE));
    const perms = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role!.roleId));
    expect(perms.map((p) => p.permissionId).sort()).toEqual(consolePermissionIds().sort());
    // Each area with every action it offers: the Audit Log its two, every other the four of spec §6.
    for (const p of perms)
      expect(p.actions, p.permissionId).toEqual(actionsOf(PLATFORM_APP_ID, p.permissionId));
    expect(perms.find((p) => p.permissionId === AUDIT_PERMISSION_ID)!.actions).toEqual([
      'retrieve',
      'export',
    ]);
    const grants = await t.db.select().from(roleResources).where(eq(roleResources.roleId, role!.roleId));
    expect(grants).toHaveLength(tree.length);

    const [admin] = await t.db.select().from(users).where(eq(users.username, ADMIN_USERNAME));
    expect(admin!.mustChangePassword).toBe(false);
    expect(await verifyPassword(admin!.passwordHash, ADMIN_PASSWORD)).toBe(true);
  });

  it('is idempotent: a second run changes nothing, not even the admin password', async () => {
    const before = await counts(t.db);
    const printed: string[] = [];
    const result = await seed(t.db, {
      adminPassword: 'another-password-entirely',
      print: (s) => printed.push(s),
    });
    expect(result).toEqual({ adminCreated: false, platformCreated: false, roleCreated: false });
    expect(await counts(t.db)).toEqual(before);
    expect(printed).toEqual([]);
    expect(
      (await t.post('/api/oauth2-server/login', { username: 'admin', password: ADMIN_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('tops the Administrator role up with console permissions and platform resources it lacks', async () => {
    const [role] = await t.db.select().from(roles).where(eq(roles.name, ADMINISTRATOR_ROLE));
    const full = await counts(t.db);
    await t.db
      .delete(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, role!.roleId), eq(rolePermissions.permissionId, 'app-config.client')),
      );
    await t.db.delete(roleResources).where(eq(roleResources.roleId, role!.roleId));
    expect((await counts(t.db)).grants).toBe(full.grants - full.resources);
    await seed(t.db, { adminPassword: ADMIN_PASSWORD });
    expect(await counts(t.db)).toEqual(full);
  });

  it('instances starting together on one database create everything once', async () => {
    const first = await openTestDatabase();
    // On PostgreSQL a second pool plays the second instance; PGlite has one connection.
    const second =
      first.handle.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: first.url!, max: 2 })
        : first.handle;
    try {
      await Promise.all([migrateDatabase(first.handle), migrateDatabase(second)]);
      await Promise.all([
        seed(first.handle.db, { adminPassword: ADMIN_PASSWORD }),
        seed(second.db, { adminPassword: ADMIN_PASSWORD }),
      ]);
      const c = await counts(first.handle.db);
      expect(c.users).toBe(1);
      expect(c.apps).toBe(1);
      expect(c.roles).toBe(1);
      const applied = await first.handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`drizzle.__drizzle_migrations`);
      expect(applied).toEqual([{ n: readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length }]);
    } finally {
      if (second !== first.handle) await second.close();
      await first.drop();
    }
  });
});

describe('restart on the same data (PGlite on disk)', () => {
  it('keeps everything, prints a generated password once and requires its change', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-data-'));
    try {
      const printed: string[] = [];
      let handle = await openDatabase({ kind: 'pglite', dataDir });
      await migrateDatabase(handle);
      const first = await seed(handle.db, { print: (s) => printed.push(s) });
      expect(first.adminCreated).toBe(true);
      expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(first.generatedPassword);
      expect(printed[0]).toContain('username: admin');
      const [admin] = await handle.db.select().from(users).where(eq(users.username, ADMIN_USERNAME));
      expect(admin!.mustChangePassword).toBe(true);
      await handle.db.insert(products).values({ id: 'survives-restart', name: 'Survivor' });
      await handle.close();

      handle = await openDatabase({ kind: 'pglite', dataDir });
      await migrateDatabase(handle);
      const second = await seed(handle.db, { print: (s) => printed.push(s) });
      expect(second.adminCreated).toBe(false);
      expect(second.generatedPassword).toBeUndefined();
      expect(printed).toHaveLength(1);
      const [again] = await handle.db.select().from(users).where(eq(users.username, ADMIN_USERNAME));
      expect(again!.userId).toBe(admin!.userId);
      expect(await verifyPassword(again!.passwordHash, first.generatedPassword!)).toBe(true);
      expect(await handle.db.select().from(products).where(eq(products.id, 'survives-restart'))).toHaveLength(
        1,
      );
      await handle.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // an on-disk initdb plus a reopen: slow on a busy 2-core machine
});

describe('configuration', () => {
  it('defaults, and resolves the data directory against the working directory', () => {
    const config = loadConfig({}, '/srv/gatehouse');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/gatehouse/data',
      databaseUrl: undefined,
      adminPassword: undefined,
      redisUrl: undefined,
      logLevel: 'info',
    });
    expect(config.webDir).toBe(resolve(import.meta.dirname, '../../web/dist'));
    const custom = loadConfig(
      {
        PORT: '0',
        GATEHOUSE_DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://x/y',
        GATEHOUSE_ADMIN_PASSWORD: '',
      },
      '/srv',
    );
    expect(custom).toMatchObject({
      port: 0,
      dataDir: '/srv/var/db',
      databaseUrl: 'postgres://x/y',
      adminPassword: undefined,
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads the statement timeout: 15 s by default, 0 turns it off, and nothing else but milliseconds', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(15_000);
    expect(loadConfig({ GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: '2500' }).databaseStatementTimeoutMs).toBe(2_500);
    expect(loadConfig({ GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ GATEHOUSE_DB_STATEMENT_TIMEOUT_MS: '1.5s' })).toThrow(
      /GATEHOUSE_DB_STATEMENT_TIMEOUT_MS/,
    );
  });
});
