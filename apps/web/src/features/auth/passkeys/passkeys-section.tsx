import { type Passkey, renamePasskeySchema } from '@gatehouse/contract';
import { Button, Card, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { DataTable } from '@/components/data-table';
import { FormDialog } from '@/components/form-dialog';
import { Notice } from '@/components/notice';
import { RowButton, RowControls } from '@/components/row-controls';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { isApiError, type Shown } from '@/lib/http';
import { say, useSay } from '@/lib/i18n';
import { passkeyProof, useRegisterPasskey, useRemovePasskey, useRenamePasskey } from './api/passkey-changes';
import { usePasskeys } from './api/passkey-list';
import { usePasskeyMessages } from './messages';
import { passkeysSupported } from './webauthn';

const when = (iso: string) => new Date(iso).toLocaleString();

/** A failed ceremony's words: the server's, or the authenticator's silence. */
function ceremonyError(error: unknown, cancelled: string): Shown {
  if (isApiError(error)) return error.serverMessage ?? error.shown;
  return cancelled;
}

/** Naming a new passkey, then the browser's registration. */
function AddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = usePasskeyMessages();
  const toast = useToast();
  const register = useRegisterPasskey();
  return (
    <FormDialog<{ name: string }>
      open={open}
      mode="CREATE"
      title={t('addTitle')}
      okText={t('continue')}
      // Field ids apart from the rename dialog's, so each label names its own input.
      formProps={{ name: 'passkey-add' }}
      initialValues={{ name: t('defaultName') }}
      onClose={onClose}
      onSubmit={async ({ name }) => {
        try {
          await register.mutateAsync(name);
        } catch (error) {
          // Field messages show on the form; anything else (a refusal, the authenticator said no) as a toast.
          if (!(isApiError(error) && error.fields)) toast.error(say(ceremonyError(error, t('cancelled'))));
          throw error;
        }
        toast.success(t('added'));
      }}
    >
      <Form.Item
        label={t('name')}
        name="name"
        extra={t('nameHint')}
        rules={fieldRules(renamePasskeySchema, 'name')}
      >
        <Input autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const t = usePasskeyMessages();
  const toast = useToast();
  const rename = useRenamePasskey();
  return (
    <FormDialog<{ name: string }>
      open={passkey !== null}
      mode="EDIT"
      title={t('renameTitle')}
      formProps={{ name: 'passkey-rename' }}
      initialValues={{ name: passkey?.name ?? '' }}
      onClose={onClose}
      onSubmit={async ({ name }) => {
        await rename.mutateAsync({ passkeyId: passkey!.passkeyId, name });
        toast.success(t('renamed'));
      }}
    >
      <Form.Item label={t('name')} name="name" rules={fieldRules(renamePasskeySchema, 'name')}>
        <Input autoFocus />
      </Form.Item>
    </FormDialog>
  );
}

/** Removing asks again who it is: the password, or one of the user's passkeys. */
function RemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const t = usePasskeyMessages();
  const sayNow = useSay();
  const toast = useToast();
  const remove = useRemovePasskey();
  const [form] = Form.useForm<{ password?: string }>();
  const [error, setError] = useState<Shown | null>(null);
  const [proving, setProving] = useState(false);
  const done = () => {
    toast.success(t('removed'));
    onClose();
  };
  const failed = (e: unknown) => {
    if (isApiError(e) && e.status === 400 && e.fields?.password) {
      form.setFields([{ name: 'password', errors: [say(e.fields.password)] }]);
      return;
    }
    // A refused or spent passkey proof names its own field (`passkey`, `response`).
    const fieldMessage = isApiError(e) && e.fields ? Object.values(e.fields)[0] : undefined;
    setError(fieldMessage ?? ceremonyError(e, t('cancelled')));
  };
  const withPassword = async ({ password }: { password?: string }) => {
    setError(null);
    try {
      // Without a password the server names the field: "your password or a passkey".
      await remove.mutateAsync({ passkeyId: passkey.passkeyId, proof: password ? { password } : {} });
      done();
    } catch (e) {
      failed(e);
    }
  };
  const withPasskey = async () => {
    setError(null);
    setProving(true);
    try {
      const answer = await passkeyProof();
      await remove.mutateAsync({ passkeyId: passkey.passkeyId, proof: { passkey: answer } });
      done();
    } catch (e) {
      failed(e);
    } finally {
      setProving(false);
    }
  };
  const pending = remove.isPending || proving;
  return (
    <Modal
      open
      title={t('removeTitle', { name: passkey.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button disabled={pending} loading={proving} onClick={withPasskey}>
            {t('removeWithPasskey')}
          </Button>
          <Button danger type="primary" loading={remove.isPending && !proving} onClick={() => form.submit()}>
            {t('removeWithPassword')}
          </Button>
        </Space>
      }
    >
      <p>{t('removeIntro')}</p>
      {error && <Notice type="error" showIcon title={sayNow(error)} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={withPassword} requiredMark={false} disabled={pending}>
        <Form.Item label={t('password')} name="password">
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Account Security Setting's passkeys card: each passkey with its name, when it was added and
 * last used; add (named, then the browser's registration), rename, and remove (after a fresh
 * proof). A browser that cannot use passkeys still lists and manages them.
 */
export function PasskeysSection() {
  const t = usePasskeyMessages();
  const { data, isPending } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();
  return (
    <Card
      type="inner"
      title={t('title')}
      extra={
        <Button
          type="primary"
          disabled={!supported}
          title={supported ? undefined : t('unsupported')}
          onClick={() => setAdding(true)}
        >
          {t('add')}
        </Button>
      }
    >
      <p>{t('intro')}</p>
      <DataTable<Passkey>
        rowKey="passkeyId"
        size="small"
        loading={isPending}
        rows={data ?? []}
        empty={t('none')}
        columns={[
          {
            title: t('name'),
            key: 'name',
            render: (_, p) => (
              <span>
                {p.name} {p.backedUp && <Tag>{t('synced')}</Tag>}
              </span>
            ),
          },
          { title: t('created'), dataIndex: 'createdDate', render: when },
          {
            title: t('lastUsed'),
            dataIndex: 'lastUsedDate',
            render: (iso: string | null) => (iso ? when(iso) : t('never')),
          },
          {
            title: '',
            key: 'action',
            render: (_, p) => (
              <RowControls>
                <RowButton look="link" onClick={() => setRenaming(p)}>
                  {t('rename')}
                </RowButton>
                <RowButton look="link" danger onClick={() => setRemoving(p)}>
                  {t('remove')}
                </RowButton>
              </RowControls>
            ),
          },
        ]}
      />
      <AddDialog open={adding} onClose={() => setAdding(false)} />
      <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />
      {removing && <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}
