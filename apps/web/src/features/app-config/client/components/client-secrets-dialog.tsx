import { Button, Empty, Modal, Table, type TableColumnsType } from 'antd';
import type { Client, ClientSecretInfo } from '@gatehouse/contract';
import { dateTimeColumn } from '@/components/list-screen/columns';
import { useClientSecrets } from '../api/client-secrets';

export type ClientSecretsDialogProps = {
  open: boolean;
  client: Client | undefined;
  onClose: () => void;
};

/** What each secret shows: never the secret, only when it was made, expires and was last used. */
export const SECRET_COLUMNS: TableColumnsType<ClientSecretInfo> = [
  dateTimeColumn<ClientSecretInfo>('Created', 'createdDate'),
  dateTimeColumn<ClientSecretInfo>('Expires', 'expiresDate'),
  dateTimeColumn<ClientSecretInfo>('Last used', 'lastUsedDate'),
];

/** A client's secrets: during a rotation two work side by side, the new and the previous one. */
export function ClientSecretsDialog({ open, client, onClose }: ClientSecretsDialogProps) {
  const secrets = useClientSecrets(open ? client?.acId : undefined);
  return (
    <Modal
      open={open}
      title={`Secrets of ${client?.clientName ?? ''}`}
      onCancel={onClose}
      width={640}
      footer={
        <Button key="close" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Table<ClientSecretInfo>
        aria-label="Secrets"
        rowKey="secretId"
        columns={SECRET_COLUMNS}
        dataSource={secrets.data ?? []}
        loading={secrets.isFetching}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={secrets.isError ? 'The secrets could not be loaded.' : 'No secrets.'}>
              {secrets.isError && <Button onClick={() => secrets.refetch()}>Retry</Button>}
            </Empty>
          ),
        }}
      />
    </Modal>
  );
}
