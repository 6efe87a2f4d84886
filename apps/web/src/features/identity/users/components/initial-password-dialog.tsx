import type { Message } from '@gatehouse/contract';
import { SecretDialog } from '@/components/secret-dialog';
import { useSay } from '@/lib/i18n';
import { useIdentityT } from '../../shared/messages';

/** A password the server generated and returns once: at a user's create, or at a reset. */
export type ShownPassword = { title: Message | string; username: string; password: string };

export type InitialPasswordDialogProps = {
  open: boolean;
  shown: ShownPassword | undefined;
  onClose: () => void;
  /** After the closing animation: the place to forget the password. */
  afterClose?: () => void;
};

/** The generated password, shown this once with a copy button (DESIGN.md: never returned again). */
export function InitialPasswordDialog({ open, shown, onClose, afterClose }: InitialPasswordDialogProps) {
  const t = useIdentityT();
  const say = useSay();
  return (
    <SecretDialog
      open={open}
      title={shown ? say(shown.title) : ''}
      warning={t('initialPasswordWarning')}
      items={
        shown
          ? [
              { label: t('username'), value: shown.username },
              {
                label: t('initialPassword'),
                value: shown.password,
                copy: { text: shown.password, label: t('copyPassword') },
              },
            ]
          : []
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
