import { STORAGE_DEFAULT_LIFETIME_SECONDS, STORAGE_PREFIX } from '@gatehouse/contract';

/** What is written under each key: the value plus its expiry in epoch ms (null: never). */
export type StorageEntry<T> = { value: T; expire: number | null };

const KEY_PREFIX = `${STORAGE_PREFIX}_`.toUpperCase();

/** Spec §3: keys are prefixed and upper-cased, so `Access-Token` is `GATEHOUSE_ACCESS-TOKEN`. */
export function storageKey(key: string): string {
  return `${STORAGE_PREFIX}_${key}`.toUpperCase();
}

export type AppStorage = {
  get<T>(key: string): T | null;
  /** `lifetimeSeconds` defaults to seven days; null keeps the entry until it is removed. */
  set<T>(key: string, value: T, lifetimeSeconds?: number | null): void;
  remove(key: string): void;
  /** Removes this product's entries only; other apps on the same origin keep theirs. */
  clear(): void;
};

export function createStorage(backend: () => Storage, now: () => number = () => Date.now()): AppStorage {
  return {
    get<T>(key: string): T | null {
      const fullKey = storageKey(key);
      const raw = backend().getItem(fullKey);
      if (raw === null) return null;
      let entry: StorageEntry<T>;
      try {
        entry = JSON.parse(raw) as StorageEntry<T>;
      } catch {
        // Written by something else or corrupted: unusable either way.
        backend().removeItem(fullKey);
        return null;
      }
      if (entry === null || typeof entry !== 'object' || !('value' in entry)) {
        backend().removeItem(fullKey);
        return null;
      }
      if (typeof entry.expire === 'number' && entry.expire <= now()) {
        backend().removeItem(fullKey);
        return null;
      }
      return entry.value;
    },
    set<T>(key: string, value: T, lifetimeSeconds: number | null = STORAGE_DEFAULT_LIFETIME_SECONDS): void {
      const entry: StorageEntry<T> = {
        value,
        expire: lifetimeSeconds === null ? null : now() + lifetimeSeconds * 1000,
      };
      backend().setItem(storageKey(key), JSON.stringify(entry));
    },
    remove(key: string): void {
      backend().removeItem(storageKey(key));
    },
    clear(): void {
      const store = backend();
      const ours: string[] = [];
      for (let i = 0; i < store.length; i++) {
        const k = store.key(i);
        if (k?.startsWith(KEY_PREFIX)) ours.push(k);
      }
      for (const k of ours) store.removeItem(k);
    },
  };
}

export const storage = createStorage(() => window.localStorage);
