import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useToast } from './use-toast';

/** The toast after a delete; the contract has no message for it yet. */
export const DELETED_SUCCESSFULLY = 'Deleted successfully';

/** The question before a delete: "Delete this user?". */
export const confirmDeleteText = (what: string) => `Delete this ${what}?`;

export type ConfirmDeleteProps = {
  /** The noun of the prompt: "Delete this user?". */
  what: string;
  /** Says what else goes with the record, e.g. "Their sessions end too." */
  description?: ReactNode;
  onConfirm: () => Promise<unknown>;
  disabled?: boolean;
  /** Shown on hover, e.g. the no-permission title that `AccessDisable` passes. */
  title?: string;
};

/**
 * The Delete row action: a danger link that asks before it deletes, then says "Deleted
 * successfully". A refusal (the server's 409 "It is still in use: …") has its toast from the
 * HTTP client, which shows the server's own message.
 */
export function ConfirmDelete({ what, description, onConfirm, disabled, title }: ConfirmDeleteProps) {
  const toast = useToast();

  const confirm = async () => {
    try {
      await onConfirm();
      toast.success(DELETED_SUCCESSFULLY);
    } catch (error) {
      // The HTTP client has already shown the failure; a second toast would repeat it.
      console.debug('Delete failed', error);
    }
  };

  return (
    <Popconfirm
      title={confirmDeleteText(what)}
      description={description}
      okText="OK"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
      disabled={disabled}
    >
      <Button type="link" size="small" danger disabled={disabled} title={title}>
        Delete
      </Button>
    </Popconfirm>
  );
}
