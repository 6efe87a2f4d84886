import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite data directory. */
    pgliteTemplate: string;
  }
}

/**
 * Opening a fresh PGlite runs initdb, which takes seconds of CPU per test file. Doing it
 * once here and handing every file a copy of the migrated result keeps the PGlite run of
 * the server suite within its time budget.
 */
export default async function setup(project: TestProject) {
  if (process.env.GATEHOUSE_TEST_DB === 'postgres') return;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-template-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(handle);
  if (handle.kind !== 'pglite') throw new Error('unreachable');
  const blob = await handle.client.dumpDataDir('none');
  await handle.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
