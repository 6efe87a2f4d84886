import type { User } from '@gatehouse/contract';
import { screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAntd } from '@/test/render';
import { PASSWORD_CHANGE_DUE, USER_COLUMNS, USER_SEARCH_FIELDS } from './user-columns';

const USER: User = {
  userId: '00000000-0000-4000-8000-000000000001',
  username: 'alice',
  name: 'Alice Smith',
  email: 'alice@example.com',
  phone: null,
  avatar: null,
  status: 'ENABLED',
  organizationId: null,
  mustChangePassword: true,
  lastSignInDate: null,
  createdDate: '2024-03-05T07:08:00',
  lastModifiedDate: '2024-03-05T07:08:00',
};

const column = (title: string) => USER_COLUMNS.find((c) => c.title === title)!;
const cell = (title: string, user: User = USER) => {
  const c = column(title);
  const value = 'dataIndex' in c ? user[c.dataIndex as keyof User] : undefined;
  return c.render?.(value, user, 0) as ReactNode;
};

describe('user columns', () => {
  it('are Username, Name, Email, Phone, Status, Last sign-in and Created', () => {
    expect(USER_COLUMNS.map((c) => c.title)).toEqual([
      'Username',
      'Name',
      'Email',
      'Phone',
      'Status',
      'Last sign-in',
      'Created',
    ]);
  });

  it('tag a user who must choose a new password, and no one else', () => {
    const { unmount } = renderAntd(cell('Username') as ReactElement);
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_CHANGE_DUE)).toBeInTheDocument();
    unmount();
    renderAntd(cell('Username', { ...USER, mustChangePassword: false }) as ReactElement);
    expect(screen.queryByText(PASSWORD_CHANGE_DUE)).not.toBeInTheDocument();
  });

  it('show moments to the minute, and -- for a user who never signed in', () => {
    expect(cell('Created')).toBe('2024/03/05 07:08');
    expect(cell('Last sign-in')).toBe('--');
  });

  it('search by username, name, email, status and created date', () => {
    expect(USER_SEARCH_FIELDS.map((f) => f.name)).toEqual(['username', 'name', 'email', 'status', 'created']);
  });
});
