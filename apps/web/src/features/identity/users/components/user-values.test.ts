import { describe, expect, it } from 'vitest';
import { toCreateUser, toUpdateUser } from './user-values';

describe('the user form bodies', () => {
  const values = {
    username: ' alice ',
    name: 'Alice',
    email: 'alice@example.com',
    phone: '  ',
    avatar: '',
    organizationId: undefined,
  };

  it('creates with blank optional fields as null, and no password when none was typed', () => {
    expect(toCreateUser(values)).toEqual({
      username: 'alice',
      name: 'Alice',
      email: 'alice@example.com',
      phone: null,
      avatar: null,
      organizationId: null,
      mustChangePassword: true,
    });
  });

  it('sends a typed password and the first sign-in choice', () => {
    expect(
      toCreateUser({ ...values, password: 'a long enough pw', mustChangePassword: false }),
    ).toMatchObject({
      password: 'a long enough pw',
      mustChangePassword: false,
    });
  });

  it('updates by userId, without the username or a password', () => {
    const body = toUpdateUser({ ...values, organizationId: 'org-1', password: 'ignored' }, { userId: 'u1' });
    expect(body).toEqual({
      userId: 'u1',
      name: 'Alice',
      email: 'alice@example.com',
      phone: null,
      avatar: null,
      organizationId: 'org-1',
    });
  });
});
