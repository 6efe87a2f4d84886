import * as contract from '@gatehouse/contract';
import {
  CATALOG_MESSAGES,
  APP_CONFIG_MESSAGES,
  HTTP_STATUS_MESSAGES,
  IDENTITY_MESSAGES,
  LIST_MESSAGES,
  MESSAGES,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
// The bulk bar adds the list messages' table when it loads.
import '@/components/list-screen/list-messages';
import { i18n } from './i18n';
import {
  APP_CONFIG_MESSAGES_ZH,
  HTTP_STATUS_MESSAGES_ZH,
  IDENTITY_MESSAGES_ZH,
  localizeMessage,
  MESSAGE_TABLES,
  MESSAGES_ZH,
} from './server-messages';

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

  it('translate every message of the contract', () => {
    expect(Object.keys(MESSAGES_ZH).sort()).toEqual(Object.keys(MESSAGES).sort());
    expect(Object.keys(APP_CONFIG_MESSAGES_ZH).sort()).toEqual(Object.keys(APP_CONFIG_MESSAGES).sort());
    // A message with parameters is translated where it is shown, not looked up.
    const identityKeys = Object.keys(IDENTITY_MESSAGES).filter(
      (k) => typeof IDENTITY_MESSAGES[k as keyof typeof IDENTITY_MESSAGES] === 'string',
    );
    expect(Object.keys(IDENTITY_MESSAGES_ZH).sort()).toEqual(identityKeys.sort());
    expect(Object.keys(HTTP_STATUS_MESSAGES_ZH).sort()).toEqual(Object.keys(HTTP_STATUS_MESSAGES).sort());
  });

  it('have a Chinese table for every message table of the contract, with every plain message', () => {
    const tables = Object.entries(contract).filter(
      ([name]) => /_MESSAGES$/.test(name) && name !== 'HTTP_STATUS_MESSAGES',
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const [name, table] of tables) {
      const pair = MESSAGE_TABLES.find(([en]) => en === table);
      expect(pair, `${name} has no Chinese table in server-messages.ts`).toBeDefined();
      const plain = Object.keys(table as object).filter(
        (key) => typeof (table as Record<string, unknown>)[key] === 'string',
      );
      for (const key of plain) expect(pair![1][key], `${name}.${key}`).toBeTruthy();
    }
    expect(localizeMessage(CATALOG_MESSAGES.usedBy(2, 'application', ['a', 'b']), 'zh')).toBe(
      '被 2 个应用使用：a, b',
    );
    // A row a bulk action refused keeps its name, and its reason is translated.
    expect(localizeMessage(LIST_MESSAGES.rowRefused('alice', IDENTITY_MESSAGES.selfLockout), 'zh')).toBe(
      `alice：${IDENTITY_MESSAGES_ZH.selfLockout}`,
    );
    expect(
      localizeMessage(
        LIST_MESSAGES.rowRefused('Retail: EU', CATALOG_MESSAGES.usedBy(1, 'application', ['shop'])),
        'zh',
      ),
    ).toBe('Retail: EU：被 1 个应用使用：shop');
    expect(localizeMessage('Retail: not a contract message', 'zh')).toBe('Retail: not a contract message');
  });

  it('show a known server message in Chinese and leave any other text alone', () => {
    expect(localizeMessage(MESSAGES.required, 'zh')).toBe('此项为必填项');
    expect(localizeMessage(MESSAGES.required, 'en')).toBe(MESSAGES.required);
    expect(localizeMessage(HTTP_STATUS_MESSAGES[403]!, 'zh')).toMatch(/无权访问/);
    expect(localizeMessage(IDENTITY_MESSAGES.duplicateCode, 'zh')).toBe('该编码已被使用。');
    expect(localizeMessage(IDENTITY_MESSAGES.inUse('3 members'), 'zh')).toBe('仍在使用中：3 members。');
    expect(localizeMessage('Something the server made up', 'zh')).toBe('Something the server made up');
  });
});
