import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { resolveSecretKey } from './lib/server-key.ts';
import { rotateSigningKeys } from './modules/oidc/keys.ts';

/**
 * `npm run keys:rotate`: a new OIDC signing key. The old ones stay in the JWKS until the
 * tokens they signed have expired; running instances switch within a minute.
 */
async function rotate() {
  const config = loadConfigOrExit();
  const serverKey = resolveSecretKey({
    fromEnv: config.secretKey,
    dataDir: config.dataDir,
    embedded: !config.databaseUrl,
  });
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(handle);
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
  } finally {
    await handle.close();
  }
}

rotate().catch((err: unknown) => {
  console.error('Key rotation failed:', err);
  process.exit(1);
});
