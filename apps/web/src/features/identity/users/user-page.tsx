import { type CreatedUser, MESSAGES, type User } from '@gatehouse/contract';
import { useState } from 'react';
import { lazyForm } from '@/components/lazy-form';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { useAllowed } from '@/lib/access';
import { areaCodes, need } from '../shared/access-codes';
import { useIdentityT } from '../shared/messages';
import { useRowDialog } from '../shared/use-row-dialog';
import { usersBulk } from './api/bulk-users';
import { useCreateUser } from './api/create-user';
import { useDeleteUser } from './api/delete-user';
import { usersQueryOptions } from './api/list-users';
import { useSetUserStatus } from './api/set-user-status';
import { useUpdateUser } from './api/update-user';
import { InitialPasswordDialog, type ShownPassword } from './components/initial-password-dialog';
import { ResetPasswordDialog } from './components/reset-password-dialog';
import { useResetTwoFactor, useResetTwoFactorMessages } from './components/use-reset-two-factor';
import { UserIdentitiesDialog } from './components/user-identities-dialog';
import { UserMembershipDialog } from './components/user-membership-dialog';
import { UserSessionsDialog } from './components/user-sessions-dialog';
import { toCreateUser, toUpdateUser, type UserFormValues } from './components/user-values';
import { USER_COLUMNS, USER_SEARCH_FIELDS } from './user-columns';

const UserForm = lazyForm(() => import('./components/user-form').then((m) => m.UserForm));

export const USER_CODES = areaCodes('user');

/** Whether the caller may change the account at all, as the server says (delegation). */
export const userChangeable = (user: Pick<User, 'manageable'>) => user.manageable !== false;

/**
 * Manage User (spec §2; /admin-setting/manage-user and manage-user-V2): the accounts, with
 * their roles and groups, passwords and sessions.
 */
export function UserPage() {
  const create = useCreateUser();
  const update = useUpdateUser();
  const setStatus = useSetUserStatus();
  const remove = useDeleteUser();
  const canUpdate = useAllowed(need(USER_CODES, 'update'));
  const membership = useRowDialog<User>();
  const reset = useRowDialog<User>();
  const sessions = useRowDialog<User>();
  const identities = useRowDialog<User>();
  const resetTwoFactor = useResetTwoFactor();
  const tTwoFactor = useResetTwoFactorMessages();
  const t = useIdentityT();
  const [password, setPassword] = useState<{ open: boolean; shown?: ShownPassword }>({ open: false });
  const showPassword = (shown: ShownPassword) => setPassword({ open: true, shown });

  return (
    <>
      <ListScreen<User, UserFormValues, Unscoped, never, CreatedUser>
        title="Manage User"
        names={{ one: t('userOne'), many: t('userMany') }}
        scope={UNSCOPED}
        fields={USER_SEARCH_FIELDS}
        list="users"
        audit={{ entity: 'user' }}
        bulk={usersBulk}
        nameOf={(user) => user.username}
        rows={usersQueryOptions}
        rowKey="userId"
        columns={USER_COLUMNS}
        // Detail, the roles and groups and the sessions stay readable; changing them is left out.
        changeable={userChangeable}
        create={{
          code: USER_CODES.create,
          save: (values) => create.mutateAsync(toCreateUser(values)),
          // A generated password is in this answer only, so it is shown now.
          onCreated: (user) => {
            if (user.initialPassword) {
              showPassword({
                title: MESSAGES.createdSuccessfully,
                username: user.username,
                password: user.initialPassword,
              });
            }
          },
        }}
        update={{
          code: USER_CODES.update,
          save: (values, user) => update.mutateAsync(toUpdateUser(values, user)),
        }}
        toggle={{
          code: USER_CODES.status,
          subject: () => 'user',
          onToggle: ({ userId }, status) => setStatus.mutateAsync({ userId, status }),
        }}
        remove={{
          code: USER_CODES.delete,
          subject: 'user',
          description: () => t('userDeleteText'),
          onDelete: ({ userId }) => remove.mutateAsync(userId),
        }}
        rowActions={[
          { key: 'membership', label: t('rolesAndGroups'), onClick: membership.show },
          {
            key: 'reset-password',
            label: t('resetPassword'),
            code: USER_CODES.update,
            onClick: reset.show,
            changes: true,
          },
          { key: 'sessions', label: t('sessions'), onClick: sessions.show },
          { key: 'identities', label: t('identities'), onClick: identities.show },
          {
            key: 'reset-two-factor',
            label: tTwoFactor('action'),
            code: USER_CODES.update,
            onClick: resetTwoFactor,
            changes: true,
          },
        ]}
        form={(props) => <UserForm {...props} />}
      />
      <UserMembershipDialog
        open={membership.open}
        user={membership.row}
        editable={canUpdate && membership.row !== undefined && userChangeable(membership.row)}
        onClose={membership.close}
      />
      <ResetPasswordDialog
        open={reset.open}
        user={reset.row}
        onClose={reset.close}
        onGenerated={(user, initialPassword) =>
          showPassword({ title: t('passwordReset'), username: user.username, password: initialPassword })
        }
      />
      <UserSessionsDialog
        open={sessions.open}
        user={sessions.row}
        endNeed={need(USER_CODES, 'update')}
        endable={sessions.row !== undefined && userChangeable(sessions.row)}
        onClose={sessions.close}
      />
      <UserIdentitiesDialog
        open={identities.open}
        user={identities.row}
        changeNeed={need(USER_CODES, 'update')}
        changeable={identities.row !== undefined && userChangeable(identities.row)}
        onClose={identities.close}
      />
      <InitialPasswordDialog
        open={password.open}
        shown={password.shown}
        onClose={() => setPassword((p) => ({ ...p, open: false }))}
        // The password is not kept around once the dialog has closed.
        afterClose={() => setPassword({ open: false })}
      />
    </>
  );
}
