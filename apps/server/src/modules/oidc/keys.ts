import { createHash, generateKeyPairSync } from 'node:crypto';
import type { Database, Executor } from '../../db/client.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { seal, unseal } from '../../lib/server-key.ts';
import * as repo from './repository.ts';

export type PrivateJwk = { kty: string; kid: string; alg: string; use: 'sig' } & Record<string, unknown>;

/**
 * How long a retired key stays in the JWKS: the longest life of anything it signed (ID tokens,
 * GATEHOUSE_ID_TOKEN_TTL_SECONDS) and an hour for clocks and caches, two hours at least.
 */
export function retiredKeyPublishedSeconds(idTokenSeconds: number): number {
  return Math.max(2 * 3600, idTokenSeconds + 3600);
}

function newRsaJwk(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>;
  // The RFC 7638 thumbprint of the public key names it.
  const thumbprint = createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
  return { ...jwk, kty: 'RSA', kid: thumbprint, alg: 'RS256', use: 'sig' };
}

async function addKey(db: Executor, serverKey: Buffer): Promise<string> {
  const jwk = newRsaJwk();
  await repo.insertKey(db, { kid: jwk.kid, alg: jwk.alg, sealedJwk: seal(serverKey, JSON.stringify(jwk)) });
  return jwk.kid;
}

/**
 * The published keys, the signing one first (oidc-provider signs with the first key of an
 * algorithm). A first start makes the first key.
 */
export async function loadSigningKeys(db: Database, serverKey: Buffer): Promise<PrivateJwk[]> {
  let rows = await repo.findPublishedKeys(db);
  if (!rows.some((r) => r.retiredAt === null)) {
    await addKey(db, serverKey);
    rows = await repo.findPublishedKeys(db);
  }
  return rows.map((row) => JSON.parse(unseal(serverKey, row.sealedJwk)) as PrivateJwk);
}

/**
 * Makes a new signing key and retires the current ones: they stay published until every
 * token they signed has expired, then they are deleted. Instances pick the new key up when
 * they next reload their keys (see OidcService).
 */
export async function rotateSigningKeys(
  db: Database,
  serverKey: Buffer,
  ctx: AuditContext,
  idTokenSeconds: number,
): Promise<{ kid: string; retired: string[] }> {
  return auditedChange(db, ctx, { entity: 'oidc-signing-key', action: 'rotate' }, async (tx) => {
    await repo.deleteUnpublishedKeys(tx);
    const publishedUntil = new Date(Date.now() + retiredKeyPublishedSeconds(idTokenSeconds) * 1000);
    const retired = await repo.retireActiveKeys(tx, publishedUntil);
    const kid = await addKey(tx, serverKey);
    return { entityId: kid, after: { kid, retired } };
  });
}
