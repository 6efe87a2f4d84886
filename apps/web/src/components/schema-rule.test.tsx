import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { codeSchema, emailSchema, MESSAGES, newPasswordSchema } from '@gatehouse/contract';
import { schemaRule } from './schema-rule';

const check = (rule: ReturnType<typeof schemaRule>, value: unknown) =>
  (rule as RuleObject).validator!({} as never, value, () => {});

describe('schemaRule', () => {
  it("rejects with the contract's own message", async () => {
    await expect(check(schemaRule(emailSchema), 'not-mail')).rejects.toThrow('Enter a valid email address');
    await expect(check(schemaRule(newPasswordSchema), 'short')).rejects.toThrow(MESSAGES.passwordTooShort);
    await expect(check(schemaRule(codeSchema), '-x')).rejects.toThrow(/starting with a letter or digit/);
  });

  it('passes a valid value, and leaves an empty one to the required rule', async () => {
    await expect(check(schemaRule(emailSchema), 'a@example.com')).resolves.toBeUndefined();
    await expect(check(schemaRule(emailSchema), '')).resolves.toBeUndefined();
    await expect(check(schemaRule(emailSchema), undefined)).resolves.toBeUndefined();
  });
});
