import type { Executor } from '../../db/client.ts';
import { seal, unseal } from '../../lib/server-key.ts';
import * as repo from './repository.ts';
import type { ProviderRecord, StoredSettings } from './types.ts';

/** A provider's secret (OIDC client secret, LDAP bind password) as stored: sealed with the server key. */
export function sealSecret(serverKey: Buffer, secret: string): string {
  return seal(serverKey, secret);
}

export function toProviderRecord(serverKey: Buffer, row: repo.ProviderRow): ProviderRecord {
  return {
    providerId: row.providerId,
    type: row.type,
    name: row.name,
    enabled: row.enabled,
    isDefault: row.isDefault,
    settings: row.settings as StoredSettings,
    secret: row.secretSealed ? unseal(serverKey, row.secretSealed) : null,
  };
}

/** A provider, enabled or not, with its secret unsealed; undefined for an id that names none. */
export async function loadProvider(
  db: Executor,
  serverKey: Buffer,
  providerId: string,
): Promise<ProviderRecord | undefined> {
  const row = await repo.findProvider(db, providerId);
  return row ? toProviderRecord(serverKey, row) : undefined;
}
