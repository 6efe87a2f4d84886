import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { verifyChain } from './lib/audit-chain.ts';

/**
 * `npm run audit:verify`: walks the audit hash chain from its start to the last sealed
 * record and names the first record that breaks it. Exits 0 when the chain holds, 1 when it
 * is broken, 2 when it could not be checked. Records not yet sealed (the last few seconds')
 * are not part of the chain yet.
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(handle);
    const result = await verifyChain(handle.db);
    if (result.ok) {
      process.stdout.write(
        result.checked === 0
          ? 'The audit chain holds: no sealed record yet.\n'
          : `The audit chain holds: ${result.checked} records, ${result.firstId} to ${result.lastId}.\n`,
      );
      return 0;
    }
    process.stdout.write(
      `The audit chain is broken at record ${result.id}: ${result.reason}. (${result.checked} records before it hold.)\n`,
    );
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Verifying the audit chain failed:', err);
    process.exit(2);
  },
);
