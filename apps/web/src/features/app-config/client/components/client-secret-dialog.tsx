import { type CreatedClient, MESSAGES } from '@gatehouse/contract';
import { SecretDialog } from '@/components/secret-dialog';

export type ClientSecretDialogProps = {
  open: boolean;
  /** The create answer. */
  client: CreatedClient | undefined;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose?: () => void;
};

/**
 * "Created successfully" (spec §2): the new client's name, client, secret and id, with copy
 * buttons for the secret and the id. The secret is never returned again (DESIGN.md).
 */
export function ClientSecretDialog({ open, client, onClose, afterClose }: ClientSecretDialogProps) {
  return (
    <SecretDialog
      open={open}
      title={MESSAGES.createdSuccessfully}
      warning="Copy the secret now: it is shown only once and cannot be retrieved later."
      items={
        client
          ? [
              { label: 'Client name', value: client.clientName },
              { label: 'Client', value: client.client },
              { label: 'Secret', value: client.secret, copy: { text: client.secret, label: 'Copy secret' } },
              { label: 'ID', value: client.id, copy: { text: client.id, label: 'Copy ID' } },
            ]
          : []
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
