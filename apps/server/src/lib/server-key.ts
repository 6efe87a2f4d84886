import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server key: 32 bytes that seal the OIDC signing keys at rest and derive the provider's
 * cookie keys. It comes from GATEHOUSE_SECRET_KEY (base64), or, on the embedded database,
 * from `<dataDir>/secret.key`, written on first start.
 */
export const SECRET_KEY_FILE = 'secret.key';
const KEY_BYTES = 32;

export function parseSecretKey(value: string, origin = 'GATEHOUSE_SECRET_KEY'): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must be ${KEY_BYTES} bytes, base64-encoded`);
  return key;
}

export function generateSecretKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/**
 * Finds the server key for a start. With PGlite a missing key is generated into the data
 * directory beside the data it protects. With PostgreSQL several instances must share one
 * key, so a missing key stops the start with a fresh one printed to set everywhere.
 */
export function resolveSecretKey(options: {
  fromEnv: Buffer | undefined;
  dataDir: string;
  embedded: boolean;
  print?: (line: string) => void;
}): Buffer {
  if (options.fromEnv) return options.fromEnv;
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (!options.embedded) {
    throw new Error(
      `GATEHOUSE_SECRET_KEY is required with DATABASE_URL. Set the same value on every instance, e.g. GATEHOUSE_SECRET_KEY=${generateSecretKey().toString('base64')}`,
    );
  }
  const path = join(options.dataDir, SECRET_KEY_FILE);
  if (existsSync(path)) return parseSecretKey(readFileSync(path, 'utf8'), path);
  mkdirSync(options.dataDir, { recursive: true });
  const key = generateSecretKey();
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  print(`Gatehouse generated its server key in ${path}; back it up with the data directory.`);
  return key;
}

/** A key for one purpose, derived from the server key, so no two uses share key material. */
export function deriveKey(serverKey: Buffer, purpose: string, length = KEY_BYTES): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), `gatehouse:${purpose}`, length));
}

/** AES-256-GCM under a key derived for sealing: base64url(iv | tag | ciphertext). */
export function seal(serverKey: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(serverKey, 'seal'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function unseal(serverKey: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(serverKey, 'seal'), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
