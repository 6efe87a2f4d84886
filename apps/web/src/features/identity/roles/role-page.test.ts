import { formatMessage, IDENTITY_MESSAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { ROLE_COLUMNS, roleLock } from './role-page';

describe('the role screen', () => {
  it('locks the built-in Administrator with the reason, and no other role', () => {
    expect(roleLock({ builtin: true })).toBe(formatMessage(IDENTITY_MESSAGES.builtinRole));
    expect(roleLock({ builtin: false })).toBeUndefined();
  });

  it('shows Name, Code, Description, Status and Created', () => {
    expect(ROLE_COLUMNS.map((c) => c.title)).toEqual(['Name', 'Code', 'Description', 'Status', 'Created']);
  });
});
