import { type Client, MESSAGES } from '@gatehouse/contract';
import { Form, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { assignableRoleChoicesQueryOptions, namedRoleChoice } from '@/api/roles';
import { FormDialog } from '@/components/form-dialog';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { useServiceAccount, useSetServiceAccount } from '../api/service-account';
import { useServiceAccountRoles, useSetServiceAccountRoles } from '../api/service-account-roles';
import { useClientT } from '../messages';

type Values = { enabled: boolean; roleIds: string[] };

export type ServiceAccountDialogProps = {
  open: boolean;
  client: Client | undefined;
  /** Without `client:update` the dialog only shows the account. */
  editable: boolean;
  onClose: () => void;
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * A confidential client's service account: enabled or not, and the roles its user holds,
 * which are what the client's client-credentials tokens may do on the admin API. Roles are
 * handed out under the same rules as a user's (the server refuses what the caller may not give).
 */
export function ServiceAccountDialog({ open, client, editable, onClose }: ServiceAccountDialogProps) {
  const [form] = Form.useForm<Values>();
  const t = useClientT();
  const toast = useToast();
  const account = useServiceAccount(open ? client?.acId : undefined);
  const roles = useServiceAccountRoles(open ? account.data?.userId : undefined);
  const setAccount = useSetServiceAccount();
  const setRoles = useSetServiceAccountRoles();
  const heldRoles = roles.data?.roles.map((r) => r.id) ?? [];
  const initialValues: Values = { enabled: account.data?.enabled ?? false, roleIds: heldRoles };

  // The account and its roles may arrive after the dialog opened.
  useEffect(() => {
    if (open && account.data)
      form.setFieldsValue({
        enabled: account.data.enabled,
        roleIds: roles.data?.roles.map((r) => r.id) ?? [],
      });
  }, [open, account.data, roles.data, form]);

  const submit = async ({ enabled, roleIds }: Values) => {
    if (!client) return;
    let userId = account.data?.userId ?? null;
    if (enabled !== (account.data?.enabled ?? false))
      userId = (await setAccount.mutateAsync({ acId: client.acId, enabled })).userId;
    if (userId && !sameSet(roleIds ?? [], heldRoles))
      await setRoles.mutateAsync({ userId, roleIds: roleIds ?? [] });
    toast.success(MESSAGES.savedSuccessfully);
  };

  return (
    <FormDialog<Values>
      open={open}
      mode={editable ? 'EDIT' : 'DETAIL'}
      title={t('serviceAccountOf', { name: client?.clientName ?? '' })}
      form={form}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      width={640}
    >
      <p>{t('serviceAccountIntro')}</p>
      {account.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Form.Item name="enabled" label={t('serviceAccountEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {account.data?.username && (
            <Form.Item label={t('serviceAccountUser')}>
              <span data-testid="service-account-username">{account.data.username}</span>
            </Form.Item>
          )}
          <Form.Item name="roleIds" label={t('serviceAccountRoles')}>
            <RemoteSelect
              multiple
              search={assignableRoleChoicesQueryOptions}
              known={roles.data?.roles.map(namedRoleChoice)}
              placeholder={t('searchRoles')}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
