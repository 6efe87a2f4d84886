import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeSchema, requiredString } from './common.ts';
import { formatMessage } from './i18n/index.ts';
import { consoleSettingsSchema } from './settings.ts';
import { issueMessage } from './zod-messages.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return issueMessage(result.error.issues[0] as never);
};

describe('zod issues as keys', () => {
  it('carry the rule’s own key, or the key of their kind, with the limits as parameters', () => {
    expect(messageOf(requiredString(10), '').key).toBe('required');
    expect(messageOf(requiredString(10), undefined).key).toBe('required');
    expect(messageOf(requiredString(10), 'x'.repeat(11))).toEqual({
      key: 'field.tooLong',
      params: { maximum: 10 },
    });
    expect(formatMessage(messageOf(requiredString(10), 'x'.repeat(11)))).toBe('At most 10 characters');
    expect(messageOf(codeSchema, '-x').key).toBe('field.code');
    expect(messageOf(z.object({ a: z.number() }).strict(), { a: 1, b: 2 }).key).toBe('field.unknown');
  });

  it('say what Console Settings needs', () => {
    const lock = consoleSettingsSchema.shape.lockSeconds;
    expect(formatMessage(messageOf(lock, 2))).toBe('The lock needs at least 5 seconds');
    expect(messageOf(lock, 'ten').key).toBe('settings.lockSeconds');
  });
});
