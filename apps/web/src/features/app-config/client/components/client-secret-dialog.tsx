import { type CreatedClient, MESSAGES, type Message } from '@gatehouse/contract';
import { SecretDialog } from '@/components/secret-dialog';
import { useSay } from '@/lib/i18n';
import { useClientT } from '../messages';

export type ClientSecretDialogProps = {
  open: boolean;
  /** The create answer, or the client with its rotated secret. */
  client: CreatedClient | undefined;
  /** "Created successfully" by default; "Secret rotated" after a rotation. */
  title?: Message | string;
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
  const t = useClientT();
  const say = useSay();
  return (
    <SecretDialog
      open={open}
      title={say(title)}
      warning={client?.secret === null ? t('publicNoSecret') : t('copySecretNow')}
      items={
        client
          ? [
              { label: t('clientName'), value: client.clientName },
              { label: t('client'), value: client.client },
              ...(client.secret === null
                ? []
                : [
                    {
                      label: t('secret'),
                      value: client.secret,
                      copy: { text: client.secret, label: t('copySecret') },
                    },
                  ]),
              { label: t('id'), value: client.id, copy: { text: client.id, label: t('copyId') } },
            ]
          : []
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
