import { STORAGE_DEFAULT_LIFETIME_SECONDS, STORAGE_KEYS } from '@gatehouse/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage, storageKey } from './storage';

const NOW = Date.UTC(2030, 0, 1);

describe('storage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('prefixes and upper-cases keys', () => {
    expect(storageKey(STORAGE_KEYS.accessToken)).toBe('GATEHOUSE_ACCESS-TOKEN');
    expect(storageKey(STORAGE_KEYS.currentUser)).toBe('GATEHOUSE_CURRENT-USER');
    storage.set(STORAGE_KEYS.tabsRoutes, ['/dashboard']);
    expect(localStorage.getItem('GATEHOUSE_TABS-ROUTES')).not.toBeNull();
    expect(localStorage.getItem('Tabs-Routes')).toBeNull();
  });

  it('stores { value, expire } with a seven-day default lifetime', () => {
    expect(STORAGE_DEFAULT_LIFETIME_SECONDS).toBe(604_800);
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    const raw = JSON.parse(localStorage.getItem('GATEHOUSE_ACCESS-TOKEN') ?? 'null');
    expect(raw).toEqual({ value: 'tok', expire: NOW + 604_800_000 });
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('tok');
  });

  it('keeps an entry with a null lifetime without expiry', () => {
    storage.set('Pref', { a: 1 }, null);
    expect(JSON.parse(localStorage.getItem('GATEHOUSE_PREF') ?? 'null')).toEqual({
      value: { a: 1 },
      expire: null,
    });
    vi.setSystemTime(NOW + 10 * 365 * 86_400_000);
    expect(storage.get('Pref')).toEqual({ a: 1 });
  });

  it('reads an expired entry as null and removes it', () => {
    storage.set('Short', 'x', 60);
    vi.setSystemTime(NOW + 59_999);
    expect(storage.get('Short')).toBe('x');
    vi.setSystemTime(NOW + 60_000);
    expect(storage.get('Short')).toBeNull();
    expect(localStorage.getItem('GATEHOUSE_SHORT')).toBeNull();
  });

  it('expires the default entry after seven days', () => {
    storage.set(STORAGE_KEYS.currentUser, { name: 'Ada' });
    vi.setSystemTime(NOW + 604_800_000 - 1);
    expect(storage.get(STORAGE_KEYS.currentUser)).toEqual({ name: 'Ada' });
    vi.setSystemTime(NOW + 604_800_000);
    expect(storage.get(STORAGE_KEYS.currentUser)).toBeNull();
  });

  it('treats unreadable entries as missing', () => {
    localStorage.setItem('GATEHOUSE_BROKEN', '{not json');
    expect(storage.get('Broken')).toBeNull();
    expect(localStorage.getItem('GATEHOUSE_BROKEN')).toBeNull();
  });

  it('removes one entry', () => {
    storage.set('A', 1);
    storage.set('B', 2);
    storage.remove('A');
    expect(storage.get('A')).toBeNull();
    expect(storage.get('B')).toBe(2);
  });

  it('clear removes only its own prefix', () => {
    storage.set('A', 1);
    storage.set(STORAGE_KEYS.isLockscreen, true);
    localStorage.setItem('other-app', 'keep');
    localStorage.setItem('gatehouse_lower', 'keep');
    storage.clear();
    expect(localStorage.getItem('GATEHOUSE_A')).toBeNull();
    expect(localStorage.getItem('GATEHOUSE_IS-LOCKSCREEN')).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('keep');
    expect(localStorage.getItem('gatehouse_lower')).toBe('keep');
  });
});
