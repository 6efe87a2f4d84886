import { Button, Popconfirm } from 'antd';
import { MESSAGES, type Status, toggleConfirmText } from '@gatehouse/contract';
import { useToast } from './use-toast';

export type ToggleSubject = Parameters<typeof toggleConfirmText>[1];

export type ConfirmToggleProps = {
  /** The current status; anything other than ENABLED offers "Enable". */
  status: string | null | undefined;
  what: ToggleSubject;
  /** Changes the status to `next`; a rejection keeps the toast to the HTTP client. */
  onConfirm: (next: Status) => Promise<void>;
  disabled?: boolean;
  /** Shown on hover, e.g. the no-permission title that `AccessDisable` passes. */
  title?: string;
};

/** The Disable/Enable row action of spec §4: a link that asks before it flips the status. */
export function ConfirmToggle({ status, what, onConfirm, disabled, title }: ConfirmToggleProps) {
  const toast = useToast();
  const next: Status = status === 'ENABLED' ? 'DISABLED' : 'ENABLED';

  const confirm = async () => {
    try {
      await onConfirm(next);
      toast.success(MESSAGES.changedSuccessfully);
    } catch (error) {
      // The HTTP client has already shown the failure; a second toast would repeat it.
      console.debug('Status change failed', error);
    }
  };

  return (
    <Popconfirm
      title={toggleConfirmText(next, what)}
      okText="OK"
      cancelText="Cancel"
      onConfirm={confirm}
      disabled={disabled}
    >
      <Button type="link" size="small" disabled={disabled} title={title}>
        {next === 'ENABLED' ? 'Enable' : 'Disable'}
      </Button>
    </Popconfirm>
  );
}
