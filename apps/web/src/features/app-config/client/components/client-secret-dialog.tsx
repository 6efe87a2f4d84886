import { type CreatedClient, MESSAGES } from '@gatehouse/contract';
import { SecretDialog } from '@/components/secret-dialog';

export type ClientSecretDialogProps = {
  open: boolean;
  /** The create answer, or the client with its rotated secret. */
  client: CreatedClient | undefined;
  /** "Created successfully" by default; "Secret rotated" after a rotation. */
  title?: string;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose?: () => void;
};

/**
 * "Created successfully" (spec §2): the new client's name, client, secret and id, with copy
 * buttons for the secret and the id. The secret is never returned again (DESIGN.md).
 */
export function ClientSecretDialog({
  open,
  client,
  title = MESSAGES.createdSuccessfully,
  onClose,
  afterClose,
}: ClientSecretDialogProps) {
  return (
    <SecretDialog
      open={open}
      title={title}
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
