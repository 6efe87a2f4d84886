import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, auditFilterSchema } from './audit.ts';

describe('the audit filter', () => {
  it('takes ISO 8601 dates and times, and refuses the year 0000, which PostgreSQL has not', () => {
    expect(auditFilterSchema.safeParse({ from: '2026-01-31', to: '2026-01-31T08:00:00Z' }).success).toBe(
      true,
    );
    expect(auditFilterSchema.safeParse({ from: '0001-01-01' }).success).toBe(true);
    const year0 = auditFilterSchema.safeParse({ from: '0000-02-29' });
    expect(year0.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', AUDIT_MESSAGES.invalidDateTime.key],
    ]);
    expect(auditFilterSchema.safeParse({ to: '0000-01-01T00:00:00Z' }).success).toBe(false);
    // An offset that takes the first day of year 1 back into year 0.
    expect(auditFilterSchema.safeParse({ to: '0001-01-01T00:00:00+01:00' }).success).toBe(false);
  });
});
