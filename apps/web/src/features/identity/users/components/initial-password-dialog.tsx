import { useTranslation } from 'react-i18next';
import { SecretDialog } from '@/components/secret-dialog';
import { localizeMessage } from '@/lib/server-messages';
import { useIdentityT } from '../../shared/messages';

/** A password the server generated and returns once: at a user's create, or at a reset. */
export type ShownPassword = { title: string; username: string; password: string };

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
  const { i18n } = useTranslation();
  return (
    <SecretDialog
      open={open}
      title={localizeMessage(shown?.title ?? '', i18n.language)}
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
