import { describe, expect, it } from 'vitest';
import * as contract from '../index.ts';
import { EN_SIGN_IN } from './en.ts';
import { EN, EN_PARTS } from './en-all.ts';
import {
  addCatalogue,
  formatMessage,
  isMessage,
  isMessageKey,
  type MessageKey,
  m,
  placeholdersOf,
} from './index.ts';
import { ZH } from './zh.ts';

const keys = Object.keys(EN) as MessageKey[];

/** Every Message the contract's tables hold, functions called with sample arguments. */
function contractMessages(): [string, unknown][] {
  const found: [string, unknown][] = [];
  for (const [name, table] of Object.entries(contract)) {
    if (!/_MESSAGES$/.test(name)) continue;
    for (const [key, value] of Object.entries(table as object)) {
      const sample = (fn: (...args: unknown[]) => unknown) =>
        fn.length === 3 ? fn(2, 'application', ['z']) : fn('user', m('required'));
      found.push([`${name}.${key}`, typeof value === 'function' ? sample(value) : value]);
    }
  }
  return found;
}

describe('the catalogues', () => {
  it('split English into parts that share no key, only the way in there at first', () => {
    const parts = [EN_SIGN_IN, ...Object.values(EN_PARTS)];
    const counted = parts.reduce((n, part) => n + Object.keys(part).length, 0);
    expect(counted).toBe(keys.length);
    expect(isMessageKey('invalidCredentials')).toBe(true);
    expect(isMessageKey('catalog.usedBy')).toBe(false);
    expect(formatMessage(m('catalog.usedBy'))).toBe('catalog.usedBy');
    addCatalogue('en', EN_PARTS.EN_CONSOLE);
    expect(isMessageKey('catalog.usedBy')).toBe(true);
    expect(isMessageKey('page.signOutTitle')).toBe(false);
    addCatalogue('en', EN);
    expect(formatMessage(m('page.signOutTitle'))).toBe('Sign out');
  });

  it('name the same keys in English and Chinese, none empty', () => {
    expect(Object.keys(ZH).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(ZH[key].trim(), key).not.toBe('');
  });

  it('give each message the same parameters in both languages', () => {
    for (const key of keys) expect(placeholdersOf(ZH[key]), key).toEqual(placeholdersOf(EN[key]));
  });

  it('translate: a Chinese text differs from its English one unless it holds no words', () => {
    const same = keys.filter(
      (key) => ZH[key] === EN[key] && /[a-z]{3}/i.test(EN[key].replace(/\{\w+\}/g, '')),
    );
    expect(same).toEqual([]);
  });

  it('hold every message the contract tables name', () => {
    addCatalogue('en', EN);
    const messages = contractMessages();
    expect(messages.length).toBeGreaterThan(80);
    for (const [name, message] of messages) expect(isMessage(message), name).toBe(true);
  });

  it('render parameters, nested messages and lists in the language asked for', () => {
    addCatalogue('zh', ZH);
    const usedBy = contract.CATALOG_MESSAGES.usedBy(3, 'application', ['a', 'b']);
    expect(formatMessage(usedBy, 'en')).toBe('Used by 3 applications: a, b, …');
    expect(formatMessage(usedBy, 'zh')).toBe('被 3 个应用使用：a、b、…');
    expect(formatMessage(contract.CATALOG_MESSAGES.usedBy(1, 'dataAccess', ['x']))).toBe(
      'Used by 1 data access: x',
    );
    expect(formatMessage(contract.MESSAGES.passwordTooShort)).toBe(
      'The password must be at least 12 characters long.',
    );
    expect(formatMessage(contract.HTTP_STATUS_MESSAGES[403]!)).toContain("Contact the Gatehouse's admin");
    const refused = contract.LIST_MESSAGES.rowRefused('alice', contract.IDENTITY_MESSAGES.selfLockout);
    expect(formatMessage(refused, 'zh')).toBe('alice：您不能禁用自己或取消自己的管理权限。');
    // A parameter the message lacks shows as itself, so the mistake is seen.
    expect(formatMessage(m('field.tooLong'))).toBe('At most {maximum} characters');
  });
});
