import type { AppConfig } from '../config.ts';
import { verifyChain } from '../lib/audit-chain.ts';
import { openMigrated } from './database.ts';

/**
 * `npm run audit:verify`: walks the audit hash chain from its start to the last sealed
 * record and names the first record that breaks it. Exits 0 when the chain holds, 1 when it
 * is broken, 2 when it could not be checked. Records not yet sealed (the last few seconds')
 * are not part of the chain yet.
 */
export async function auditVerify(config: AppConfig): Promise<number> {
  const handle = await openMigrated(config, 'verify the audit chain');
  try {
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
