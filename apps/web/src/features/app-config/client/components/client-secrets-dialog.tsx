import type { Client, ClientSecretInfo } from '@gatehouse/contract';
import { Button, Empty, Modal } from 'antd';
import { type Column, DataTable } from '@/components/data-table';
import { dateTimeColumn } from '@/components/list-screen/columns';
import { useClientSecrets } from '../api/client-secrets';
import { clientText, useClientT } from '../messages';

export type ClientSecretsDialogProps = {
  open: boolean;
  client: Client | undefined;
  onClose: () => void;
};

/** What each secret shows: never the secret, only when it was made, expires and was last used. */
export const SECRET_COLUMNS: Column<ClientSecretInfo>[] = (
  [
    ['created', 'createdDate'],
    ['expires', 'expiresDate'],
    ['lastUsed', 'lastUsedDate'],
  ] as const
).map(([key, dataIndex]) => ({
  ...dateTimeColumn<ClientSecretInfo>('', dataIndex),
  // Read when the table renders, so the titles follow the language.
  get title() {
    return clientText(key);
  },
}));

/** A client's secrets: during a rotation two work side by side, the new and the previous one. */
export function ClientSecretsDialog({ open, client, onClose }: ClientSecretsDialogProps) {
  const secrets = useClientSecrets(open ? client?.acId : undefined);
  const t = useClientT();
  return (
    <Modal
      open={open}
      title={t('secretsOf', { name: client?.clientName ?? '' })}
      onCancel={onClose}
      width={640}
      footer={
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <DataTable<ClientSecretInfo>
        label={t('secrets')}
        rowKey="secretId"
        // A new array each render, so the table reads the titles again after a language change.
        columns={[...SECRET_COLUMNS]}
        rows={secrets.data ?? []}
        loading={secrets.isFetching}
        empty={
          <Empty description={secrets.isError ? t('secretsLoadFailed') : t('noSecrets')}>
            {secrets.isError && <Button onClick={() => secrets.refetch()}>{t('retry')}</Button>}
          </Empty>
        }
      />
    </Modal>
  );
}
