import { formatMessage, IDENTITY_MESSAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { ROLE_COLUMNS, roleLock } from './role-page';

describe('the role screen', () => {
  it('locks the built-in Administrator with the reason, and no other role', () => {
    expect(roleLock({ builtin: true })).toBe(formatMessage(IDENTITY_MESSAGES.builtinRole));
    expect(roleLock({ builtin: false })).toBeUndefined();
  });

  it('shows Name, Code, Description, Two-factor sign-in, Status and Created', () => {
    expect(ROLE_COLUMNS.map((c) => c.title)).toEqual([
      'Name',
      'Code',
      'Description',
      'Two-factor sign-in',
      'Status',
      'Created',
    ]);
  });

  it('marks the roles that require two-factor sign-in, and shows -- for the others', () => {
    const column = ROLE_COLUMNS.find((c) => 'dataIndex' in c && c.dataIndex === 'requireTwoFactor')!;
    const render = (column as { render: (value: boolean) => unknown }).render;
    expect(render(false)).toBe('--');
    expect(render(true)).not.toBe('--');
  });
});
