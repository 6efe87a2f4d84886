import type { AppConfig } from '../config.ts';
import { resolveSecretKey } from '../lib/server-key.ts';
import { rotateSigningKeys } from '../modules/oidc/keys.ts';
import { openMigrated } from './database.ts';

/**
 * `npm run keys:rotate`: a new OIDC signing key. The old ones stay in the JWKS until the
 * tokens they signed have expired; running instances switch within a minute.
 */
export async function keysRotate(config: AppConfig): Promise<number> {
  const serverKey = resolveSecretKey({
    fromEnv: config.secretKey,
    dataDir: config.dataDir,
    embedded: !config.databaseUrl,
  });
  const handle = await openMigrated(config, 'rotate the signing keys');
  try {
    const ctx = { actorId: null, actorName: 'keys:rotate', ip: null, requestId: null };
    const { kid, retired } = await rotateSigningKeys(
      handle.db,
      serverKey,
      ctx,
      config.tokenLifetimes.idToken,
    );
    process.stdout.write(
      `New signing key ${kid}; retired (still published): ${retired.join(', ') || 'none'}\n`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
