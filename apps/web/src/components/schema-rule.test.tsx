import {
  codeSchema,
  createUserSchema,
  emailSchema,
  formatMessage,
  MESSAGES,
  newPasswordSchema,
  permissionGrantSchema,
} from '@gatehouse/contract';
import type { RuleObject } from 'antd/es/form';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fieldRules } from './schema-rule';

const ruleOf = (rules: ReturnType<typeof fieldRules>) => rules[0] as RuleObject;
const check = (rules: ReturnType<typeof fieldRules>, value: unknown) =>
  ruleOf(rules).validator!({} as never, value, () => {});

describe('fieldRules', () => {
  afterEach(() => setLanguage('en'));

  it("rejects with the contract's own message, by its key", async () => {
    await expect(check(fieldRules(emailSchema), 'not-mail')).rejects.toThrow('Enter a valid email address');
    await expect(check(fieldRules(newPasswordSchema), '')).rejects.toThrow(formatMessage(MESSAGES.required));
    await expect(check(fieldRules(codeSchema), '-x')).rejects.toThrow(/starting with a letter or digit/);
    // A limit zod names comes with the message as its parameter.
    await expect(check(fieldRules(createUserSchema, 'name'), 'x'.repeat(201))).rejects.toThrow(
      'At most 200 characters',
    );
    // An empty list is the schema's to judge.
    await expect(check(fieldRules(permissionGrantSchema, 'actionEntitySet'), [])).rejects.toThrow(
      'Choose at least one action',
    );
  });

  it("is required when the schema refuses a missing value, and says so in the catalogue's words", async () => {
    expect(ruleOf(fieldRules(createUserSchema, 'name')).required).toBe(true);
    expect(ruleOf(fieldRules(createUserSchema, 'password')).required).toBe(false);
    await expect(check(fieldRules(createUserSchema, 'name'), '')).rejects.toThrow(
      formatMessage(MESSAGES.required),
    );
    await expect(check(fieldRules(createUserSchema, 'password'), '')).resolves.toBeUndefined();
    await expect(check(fieldRules(createUserSchema, 'password'), undefined)).resolves.toBeUndefined();
  });

  it('passes a valid value', async () => {
    await expect(check(fieldRules(emailSchema), 'a@example.com')).resolves.toBeUndefined();
    await expect(check(fieldRules(createUserSchema, 'name'), 'Alice')).resolves.toBeUndefined();
  });

  it('speaks the console language', async () => {
    await setLanguage('zh');
    await expect(check(fieldRules(createUserSchema, 'name'), 'x'.repeat(201))).rejects.toThrow(
      '最多 200 个字符',
    );
    await expect(check(fieldRules(createUserSchema, 'name'), '')).rejects.toThrow('此项为必填项');
  });
});
