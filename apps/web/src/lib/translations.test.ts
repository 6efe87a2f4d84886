import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

// Every module that defines texts, found by content so a new namespace needs no list here.
const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/main.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const modules = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/main.tsx']);
const definers = Object.keys(sources).filter(
  (path) => !path.endsWith('/lib/i18n.ts') && /\bdefineMessages\(/.test(sources[path] ?? ''),
);

describe('the console texts', () => {
  it('come in English and Chinese with the same keys, in every namespace', async () => {
    expect(definers.length).toBeGreaterThan(0);
    for (const path of definers) await modules[path]!();
    const namespaces = Object.keys(i18n.store.data.en ?? {});
    expect(namespaces).toContain('translation');
    expect(namespaces.length).toBeGreaterThan(1);
    for (const ns of namespaces) {
      const en = Object.keys(i18n.getResourceBundle('en', ns) ?? {}).sort();
      const zh = Object.keys(i18n.getResourceBundle('zh', ns) ?? {}).sort();
      expect(zh, `namespace ${ns}`).toEqual(en);
      for (const key of zh) expect(i18n.getResource('zh', ns, key), `${ns}:${key}`).not.toBe('');
    }
  });
});
