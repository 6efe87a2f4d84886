import {
  type CreatedPersonalAccessToken,
  createPersonalAccessTokenSchema,
  PERSONAL_ACCESS_TOKEN_MAX_DAYS,
  type PersonalAccessToken,
  type ScopeGrant,
} from '@gatehouse/contract';
import { EN_MACHINE_ACCESS } from '@gatehouse/contract/i18n/en-machine-access';
import { Button, Card, Empty, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { FormDialog } from '@/components/form-dialog';
import { formatDateTime } from '@/components/list-screen/columns';
import { fieldRules } from '@/components/schema-rule';
import { SecretDialog } from '@/components/secret-dialog';
import { addMessages } from '@/lib/i18n';
import {
  useCreatePersonalAccessToken,
  usePersonalAccessTokens,
  useRevokePersonalAccessToken,
  useScopeChoices,
} from '../api/personal-access-tokens';
import { usePasswordMessages } from '../messages';

// The contract's personal access tokens' messages are added with this module, before anything of it draws.
addMessages(EN_MACHINE_ACCESS);

type Values = { name: string; expiresInDays: number; scope: string[] };

/** A pair as the scope picker keys it, and back. */
const keyOf = ({ permissionId, action }: ScopeGrant) => `${permissionId}:${action}`;
const pairOf = (key: string): ScopeGrant => {
  const at = key.lastIndexOf(':');
  return { permissionId: key.slice(0, at), action: key.slice(at + 1) as ScopeGrant['action'] };
};

/**
 * The signed-in user's personal access tokens: listed with scope, expiry and last use, made
 * in a dialog (the token shown once) and revoked after a confirm.
 */
export function PersonalAccessTokensCard() {
  const t = usePasswordMessages();
  const tokens = usePersonalAccessTokens();
  const create = useCreatePersonalAccessToken();
  const revoke = useRevokePersonalAccessToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPersonalAccessToken | undefined>();
  const choices = useScopeChoices(creating);

  const submit = async (values: Values) => {
    const answer = await create.mutateAsync({
      name: values.name,
      expiresInDays: values.expiresInDays,
      scope: (values.scope ?? []).map(pairOf),
    });
    setCreated(answer);
  };

  return (
    <Card
      type="inner"
      title={t('tokensSection')}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('newToken')}
        </Button>
      }
    >
      <p>{t('tokensIntro')}</p>
      <DataTable<PersonalAccessToken>
        label={t('tokensSection')}
        rowKey="tokenId"
        size="small"
        loading={tokens.isPending}
        rows={tokens.data ?? []}
        empty={<Empty description={tokens.isError ? t('tokensLoadFailed') : t('noTokens')} />}
        columns={[
          { title: t('tokenName'), dataIndex: 'name', ellipsis: true },
          {
            title: t('tokenScope'),
            key: 'scope',
            render: (_, token) => token.scope.map(keyOf).join(', '),
          },
          { title: t('tokenExpires'), dataIndex: 'expiresAt', render: (v: string) => formatDateTime(v) },
          {
            title: t('tokenLastUsed'),
            dataIndex: 'lastUsedAt',
            render: (v: string | null) => formatDateTime(v),
          },
          {
            title: '',
            key: 'action',
            render: (_, token) => (
              <ConfirmAction
                question={t('revokeQuestion', { name: token.name })}
                description={t('revokeText')}
                label={t('revoke')}
                success={t('tokenRevoked')}
                danger
                onConfirm={() => revoke.mutateAsync(token.tokenId)}
              />
            ),
          },
        ]}
      />
      <FormDialog<Values>
        open={creating}
        mode="CREATE"
        title={t('newToken')}
        initialValues={{ expiresInDays: 30, scope: [] }}
        onSubmit={submit}
        onClose={() => setCreating(false)}
        width={640}
      >
        <Form.Item
          name="name"
          label={t('tokenName')}
          rules={fieldRules(createPersonalAccessTokenSchema, 'name')}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t('tokenExpiresInDays')}
          rules={fieldRules(createPersonalAccessTokenSchema, 'expiresInDays')}
        >
          <InputNumber min={1} max={PERSONAL_ACCESS_TOKEN_MAX_DAYS} precision={0} />
        </Form.Item>
        <Form.Item name="scope" label={t('tokenScope')} extra={t('tokenScopeHelp')}>
          <Select
            mode="multiple"
            loading={choices.isPending}
            options={(choices.data ?? []).map((pair) => ({ value: keyOf(pair), label: keyOf(pair) }))}
          />
        </Form.Item>
      </FormDialog>
      <SecretDialog
        open={created !== undefined}
        title={t('tokenCreated')}
        warning={t('copyTokenNow')}
        items={
          created
            ? [
                { label: t('tokenName'), value: created.name },
                {
                  label: t('token'),
                  value: created.token,
                  copy: { text: created.token, label: t('copyToken') },
                },
              ]
            : []
        }
        onClose={() => setCreated(undefined)}
      />
    </Card>
  );
}
