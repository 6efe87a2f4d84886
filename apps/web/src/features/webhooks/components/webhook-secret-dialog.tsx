import { MESSAGES, type Message, type WebhookSecret } from '@gatehouse/contract';
import { SecretDialog } from '@/components/secret-dialog';
import { useSay } from '@/lib/i18n';
import { useWebhooksT } from '../messages';

export type WebhookSecretDialogProps = {
  open: boolean;
  /** The answer to the create or the rotation: the webhook and its signing secret. */
  created: WebhookSecret | undefined;
  /** "Created successfully" by default; "Secret rotated" after a rotation. */
  title?: Message | string;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose?: () => void;
};

/** The webhook's signing secret (`whsec_…`), shown once with a copy button: the server never returns it again. */
export function WebhookSecretDialog({
  open,
  created,
  title = MESSAGES.createdSuccessfully,
  onClose,
  afterClose,
}: WebhookSecretDialogProps) {
  const t = useWebhooksT();
  const say = useSay();
  return (
    <SecretDialog
      open={open}
      title={say(title)}
      warning={t('copySecretNow')}
      items={
        created
          ? [
              { label: t('name'), value: created.webhook.name },
              { label: t('url'), value: created.webhook.url },
              {
                label: t('signingSecret'),
                value: created.secret,
                copy: { text: created.secret, label: t('copySecret') },
              },
            ]
          : []
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
