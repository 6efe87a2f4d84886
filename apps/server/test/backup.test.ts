import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup, restore } from '../src/cli/backup.ts';
import { Refused } from '../src/cli/database.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { unpackDataDir } from '../src/db/pglite-template.ts';
import { users } from '../src/db/schema/index.ts';
import { PID_FILE, runningServer, serveBackups } from '../src/lib/pglite-backup.ts';
import { seed } from '../src/platform/seed.ts';
import { ADMIN_PASSWORD, build, TEST_DB } from './helper.ts';

const silent = { info: () => {}, error: () => {} };

/** Signs in as admin on a server over `handle`: the answer's status and the admin's name. */
async function signIn(handle: DatabaseHandle): Promise<{ status: number; name: string | undefined }> {
  const app = buildApp({ db: handle.db, logger: false, config: { webDir: '/nonexistent' } });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth2-server/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const [admin] = await handle.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.username, 'admin'));
    return { status: res.statusCode, name: admin?.name };
  } finally {
    await app.close();
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-backup-'));
  // The commands say what they did; the test reads their files instead.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterAll(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(TEST_DB === 'pglite')('backup and restore of the embedded database', () => {
  it('copies a running server’s database through it, and the copy restored into a new directory signs in', async () => {
    const served = join(dir, 'served');
    const restored = join(dir, 'restored');
    const file = join(dir, 'gatehouse.tar.gz');
    unpackDataDir(inject('pgliteTemplate'), served);
    writeFileSync(join(served, 'secret.key'), 'the server key\n');
    const server = await openDatabase({ kind: 'pglite', dataDir: served });
    if (server.kind !== 'pglite') throw new Error('unreachable');
    await migrateDatabase(server);
    await seed(server.db, { adminPassword: ADMIN_PASSWORD });
    await server.db.update(users).set({ name: 'Before the backup' }).where(eq(users.username, 'admin'));
    const serving = serveBackups(server.client, served, silent);
    try {
      expect(runningServer(served)).toBe(process.pid);
      const atServed = loadConfig({ GATEHOUSE_DATA_DIR: served });
      // A second process must not open the files the server has open.
      await expect(restore(atServed, [file])).rejects.toThrow(Refused);

      expect(await backup(atServed, [file])).toBe(0);
      await server.db.update(users).set({ name: 'After the backup' }).where(eq(users.username, 'admin'));
      expect(existsSync(`${file}.partial`)).toBe(false);
      // A backup never overwrites a file.
      await expect(backup(atServed, [file])).rejects.toThrow(/exists already/);
    } finally {
      serving.close();
      await server.close();
    }
    expect(existsSync(join(served, PID_FILE))).toBe(false);

    const atRestored = loadConfig({ GATEHOUSE_DATA_DIR: restored });
    expect(await restore(atRestored, [file])).toBe(0);
    expect(readFileSync(join(restored, 'secret.key'), 'utf8')).toBe('the server key\n');
    expect(existsSync(join(restored, PID_FILE))).toBe(false);
    // Restoring over a database is refused: it would mix two.
    await expect(restore(atRestored, [file])).rejects.toThrow(/holds a database already/);

    const copy = await openDatabase({ kind: 'pglite', dataDir: restored });
    try {
      // The copy is the moment of the backup: the later rename is not in it.
      expect(await signIn(copy)).toEqual({ status: 200, name: 'Before the backup' });
    } finally {
      await copy.close();
    }

    // With no server running, the command opens the directory itself.
    const offline = join(dir, 'offline.tar.gz');
    expect(await backup(atRestored, [offline])).toBe(0);
    expect(readFileSync(offline).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  }, 120_000);
});

describe.runIf(TEST_DB === 'postgres')('backup and restore on PostgreSQL', () => {
  it('runs pg_dump and pg_restore, and the restored database signs in', async () => {
    const t = await build();
    await t.db.update(users).set({ name: 'Dumped' }).where(eq(users.username, 'admin'));
    const file = join(dir, 'gatehouse.dump');
    expect(await backup(loadConfig({ DATABASE_URL: t.databaseUrl! }), [file])).toBe(0);

    const base = process.env.TEST_DATABASE_URL!;
    const name = `gatehouse_restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      expect(await restore(loadConfig({ DATABASE_URL: url.toString() }), [file])).toBe(0);
      const copy = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
      try {
        expect(await signIn(copy)).toEqual({ status: 200, name: 'Dumped' });
      } finally {
        await copy.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
