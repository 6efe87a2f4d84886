import { Alert, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { type CreatedClient, MESSAGES } from '@gatehouse/contract';
import { CopyButton } from '@/components/copy-button';

export type ClientSecretDialogProps = {
  open: boolean;
  /** The create answer. */
  client: CreatedClient | undefined;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose?: () => void;
};

function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <Flex align="center" gap={4} wrap={false}>
      <Typography.Text code style={{ wordBreak: 'break-all' }}>
        {text}
      </Typography.Text>
      <CopyButton text={text} label={label} />
    </Flex>
  );
}

/**
 * "Created successfully" (spec §2): the new client's name, client, secret and id. The secret
 * is never returned again (DESIGN.md), so the dialog says so and closes only on purpose.
 */
export function ClientSecretDialog({ open, client, onClose, afterClose }: ClientSecretDialogProps) {
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      // The secret leaves the page with the dialog, not just out of sight.
      destroyOnHidden
      title={MESSAGES.createdSuccessfully}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {client && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Copy the secret now: it is shown only once and cannot be retrieved later."
          />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="Client name">{client.clientName}</Descriptions.Item>
            <Descriptions.Item label="Client">{client.client}</Descriptions.Item>
            <Descriptions.Item label="Secret">
              <Copyable text={client.secret} label="Copy secret" />
            </Descriptions.Item>
            <Descriptions.Item label="ID">
              <Copyable text={client.id} label="Copy ID" />
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
