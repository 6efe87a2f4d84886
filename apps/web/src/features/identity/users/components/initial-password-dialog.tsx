import { SecretDialog } from '@/components/secret-dialog';

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
  return (
    <SecretDialog
      open={open}
      title={shown?.title ?? ''}
      warning="Copy the password now and hand it over safely: it is shown only once. The user must replace it at the next sign-in."
      items={
        shown
          ? [
              { label: 'Username', value: shown.username },
              {
                label: 'Initial password',
                value: shown.password,
                copy: { text: shown.password, label: 'Copy password' },
              },
            ]
          : []
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
