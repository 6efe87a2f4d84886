import { MESSAGES, type User } from '@gatehouse/contract';
import { Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { assignableGroupChoicesQueryOptions, namedGroupChoice } from '@/api/groups';
import { assignableRoleChoicesQueryOptions, namedRoleChoice } from '@/api/roles';
import { FormDialog } from '@/components/form-dialog';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { handingOut } from '../../shared/hand-out';
import { useIdentityT } from '../../shared/messages';
import { sameMembers } from '../../shared/same-members';
import { useSetUserGroups } from '../api/set-user-groups';
import { useSetUserRoles } from '../api/set-user-roles';
import { useUserMembership } from '../api/user-membership';

type Values = { roleIds: string[]; groupIds: string[] };

export type UserMembershipDialogProps = {
  open: boolean;
  /** The user whose roles and groups are shown. */
  user: User | undefined;
  /** Without `user:update`, or for an account the caller may not change, the dialog only shows them. */
  editable: boolean;
  onClose: () => void;
};

/**
 * The roles a user holds directly and the groups they belong to, each picked from a search
 * of the server. A role or group the caller may not hand out shows disabled, unless the user
 * has it already. Saving replaces only the list that changed.
 */
export function UserMembershipDialog({ open, user, editable, onClose }: UserMembershipDialogProps) {
  const [form] = Form.useForm<Values>();
  const membership = useUserMembership(user?.userId);
  const setRoles = useSetUserRoles();
  const toast = useToast();
  const setGroups = useSetUserGroups();
  const t = useIdentityT();
  const data = membership.data;
  const initialValues = data && {
    roleIds: data.roles.map((r) => r.id),
    groupIds: data.groups.map((g) => g.id),
  };

  // The membership may arrive after the dialog opened, once the form has taken its (empty) values.
  useEffect(() => {
    if (data && open)
      form.setFieldsValue({ roleIds: data.roles.map((r) => r.id), groupIds: data.groups.map((g) => g.id) });
  }, [data, open, form]);

  const submit = async ({ roleIds, groupIds }: Values) => {
    if (!user || !initialValues) return;
    if (!sameMembers(roleIds, initialValues.roleIds))
      await setRoles.mutateAsync({ userId: user.userId, roleIds });
    if (!sameMembers(groupIds, initialValues.groupIds))
      await setGroups.mutateAsync({ userId: user.userId, groupIds });
    toast.success(MESSAGES.savedSuccessfully);
  };

  return (
    <FormDialog<Values>
      open={open}
      mode={editable ? 'EDIT' : 'DETAIL'}
      title={t('rolesAndGroupsOf', { name: user?.username ?? '' })}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      {membership.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Form.Item name="roleIds" label={t('roles')} extra={t('userRolesHelp')}>
            <RemoteSelect
              multiple
              search={(keyword) =>
                handingOut(
                  assignableRoleChoicesQueryOptions(keyword),
                  initialValues?.roleIds ?? [],
                  t('roleNotAssignable'),
                )
              }
              known={data?.roles.map(namedRoleChoice)}
              placeholder={t('searchRoles')}
            />
          </Form.Item>
          <Form.Item name="groupIds" label={t('groups')}>
            <RemoteSelect
              multiple
              search={(keyword) =>
                handingOut(
                  assignableGroupChoicesQueryOptions(keyword),
                  initialValues?.groupIds ?? [],
                  t('groupNotAssignable'),
                )
              }
              known={data?.groups.map(namedGroupChoice)}
              placeholder={t('searchGroups')}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
