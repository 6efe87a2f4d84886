import {
  type LinkedIdentity,
  type LinkIdentity,
  linkIdentitySchema,
  MESSAGES,
  type User,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { ConfirmAction } from '@/components/confirm-action';
import { type Column, DataTable } from '@/components/data-table';
import { useFormSubmit } from '@/components/form-dialog';
import { dateTimeColumn } from '@/components/list-screen/columns';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { AccessDisable, type AccessNeed } from '@/lib/access';
import { identityText, useIdentityT, withText } from '../../shared/messages';
import {
  identityProviderChoicesQueryOptions,
  useLinkUserIdentity,
  useUnlinkUserIdentity,
  useUserIdentities,
} from '../api/user-identities';

export type UserIdentitiesDialogProps = {
  open: boolean;
  user: User | undefined;
  /** What linking and unlinking need (spec §6): the users' update. */
  changeNeed: AccessNeed;
  /** Whether the caller may change the account; where not, the identities are only shown. */
  changeable: boolean;
  onClose: () => void;
};

/** What each identity shows: the provider, the subject there, its email, and when it was linked and last used. */
export const IDENTITY_COLUMNS: Column<LinkedIdentity>[] = [
  {
    get title() {
      return identityText('provider');
    },
    key: 'provider',
    render: (_, identity) => (
      <span>
        {identity.providerName} <Tag>{identity.providerType.toUpperCase()}</Tag>
      </span>
    ),
  },
  withText('title', 'subject', { dataIndex: 'subject', ellipsis: true }),
  withText('title', 'email', { dataIndex: 'email', render: (email: string | null) => email ?? '--' }),
  withText('title', 'linkedDate', dateTimeColumn<LinkedIdentity>('', 'linkedDate')),
  withText('title', 'lastSignInAt', dateTimeColumn<LinkedIdentity>('', 'lastSignInDate')),
];

/**
 * A user's identities at the identity providers (issue 30): an administrator unlinks one after
 * a confirm, or links the user to a subject they know at a provider, unless the account is
 * beyond what they may change.
 */
export function UserIdentitiesDialog({
  open,
  user,
  changeNeed,
  changeable,
  onClose,
}: UserIdentitiesDialogProps) {
  const t = useIdentityT();
  const toast = useToast();
  const identities = useUserIdentities(open ? user?.userId : undefined);
  const providers = useQuery({ ...identityProviderChoicesQueryOptions(), enabled: open && changeable });
  const unlink = useUnlinkUserIdentity();
  const link = useLinkUserIdentity();
  const [form] = Form.useForm<LinkIdentity>();
  const submit = useFormSubmit(form, async (values: LinkIdentity) => {
    if (!user) return;
    await link.mutateAsync({
      userId: user.userId,
      providerId: values.providerId,
      subject: values.subject.trim(),
    });
    toast.success(MESSAGES.changedSuccessfully);
    form.resetFields();
  });

  const unlinkColumn: Column<LinkedIdentity> = {
    title: t('action'),
    key: 'action',
    width: 110,
    render: (_, identity) => (
      <AccessDisable {...changeNeed}>
        <ConfirmAction
          question={t('unlinkQuestion')}
          description={t('unlinkText')}
          label={t('unlink')}
          success={MESSAGES.changedSuccessfully}
          danger
          onConfirm={async () => {
            if (user) await unlink.mutateAsync({ userId: user.userId, identityId: identity.identityId });
          }}
        />
      </AccessDisable>
    ),
  };

  return (
    <Modal
      open={open}
      title={t('identitiesOf', { name: user?.username ?? '' })}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      <DataTable<LinkedIdentity>
        label={t('identities')}
        rowKey="identityId"
        columns={changeable ? [...IDENTITY_COLUMNS, unlinkColumn] : IDENTITY_COLUMNS}
        rows={identities.data ?? []}
        loading={identities.isFetching}
        maxHeight={320}
        empty={
          <Empty description={identities.isError ? t('identitiesLoadFailed') : t('noIdentities')}>
            {identities.isError && <Button onClick={() => identities.refetch()}>{t('retry')}</Button>}
          </Empty>
        }
      />
      {changeable && (
        <Form<LinkIdentity>
          form={form}
          name="link-identity"
          layout="vertical"
          onFinish={submit.finish}
          style={{ marginTop: 16 }}
        >
          <h4>{t('linkIdentity')}</h4>
          <Space align="start" wrap>
            <Form.Item
              name="providerId"
              label={t('provider')}
              rules={fieldRules(linkIdentitySchema, 'providerId')}
              style={{ width: 240 }}
            >
              <Select
                options={providers.data ?? []}
                loading={providers.isPending}
                placeholder={t('chooseProvider')}
                showSearch
                optionFilterProp="label"
              />
            </Form.Item>
            <Form.Item
              name="subject"
              label={t('subject')}
              rules={fieldRules(linkIdentitySchema, 'subject')}
              extra={t('subjectHelp')}
              style={{ width: 420 }}
            >
              <Input autoComplete="off" maxLength={500} />
            </Form.Item>
            <Form.Item label=" ">
              <AccessDisable {...changeNeed}>
                <Button type="primary" htmlType="submit" loading={submit.submitting}>
                  {t('link')}
                </Button>
              </AccessDisable>
            </Form.Item>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
