import { type Group, MESSAGES } from '@gatehouse/contract';
import { Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { assignableRoleChoicesQueryOptions, namedRoleChoice } from '@/api/roles';
import { FormDialog } from '@/components/form-dialog';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { handingOut } from '../../shared/hand-out';
import { useIdentityT } from '../../shared/messages';
import { useGroupRoles } from '../api/group-roles';
import { useSetGroupRoles } from '../api/set-group-roles';

type Values = { roleIds: string[] };

export type GroupRolesDialogProps = {
  open: boolean;
  group: Group | undefined;
  /** Without `group:update`, or for a group the caller may not change, the dialog only shows them. */
  editable: boolean;
  onClose: () => void;
};

/**
 * The roles a group gives its members, picked from a search of the server; a role the caller
 * may not hand out shows disabled, unless the group has it already.
 */
export function GroupRolesDialog({ open, group, editable, onClose }: GroupRolesDialogProps) {
  const [form] = Form.useForm<Values>();
  const roles = useGroupRoles(group?.groupId);
  const save = useSetGroupRoles();
  const toast = useToast();
  const t = useIdentityT();
  const data = roles.data;
  const had = data?.map((r) => r.id) ?? [];

  // The roles may arrive after the dialog opened, once the form has taken its (empty) values.
  useEffect(() => {
    if (data && open) form.setFieldsValue({ roleIds: data.map((r) => r.id) });
  }, [data, open, form]);

  return (
    <FormDialog<Values>
      open={open}
      mode={editable ? 'EDIT' : 'DETAIL'}
      title={t('rolesOf', { name: group?.name ?? '' })}
      form={form}
      initialValues={data && { roleIds: had }}
      onSubmit={async ({ roleIds }) => {
        if (!group) return;
        await save.mutateAsync({ groupId: group.groupId, roleIds });
        toast.success(MESSAGES.savedSuccessfully);
      }}
      onClose={onClose}
      width={640}
    >
      {roles.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form.Item name="roleIds" label={t('roles')} extra={t('groupRolesHelp')}>
          <RemoteSelect
            multiple
            search={(keyword) =>
              handingOut(assignableRoleChoicesQueryOptions(keyword), had, t('roleNotAssignable'))
            }
            known={data?.map(namedRoleChoice)}
            placeholder={t('searchRoles')}
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
