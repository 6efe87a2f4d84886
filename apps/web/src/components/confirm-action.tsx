import type { Message } from '@gatehouse/contract/i18n';
import { Button, Popconfirm } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useKitT } from './messages';
import { PopupOnDemand, type PopupState } from './popup-on-demand';
import { RowButton } from './row-controls';
import { useToast } from './use-toast';

/** The toast after a delete; the contract has no message for it yet. */
export const DELETED_SUCCESSFULLY = 'Deleted successfully';

export type ConfirmActionProps = {
  /** What the Popconfirm asks, e.g. "End this session?". */
  question: string;
  /** Says what follows, under the question. */
  description?: ReactNode;
  /** The button's text. */
  label: ReactNode;
  /** What the toast says once it is done: a contract message, or a text of the screen's. */
  success: Message | string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  /** `link` in a row, a plain button since a table draws one per row; `default` in a footer. */
  type?: 'link' | 'default';
  disabled?: boolean;
  /** Shown on hover, e.g. the no-permission title that `AccessDisable` passes. */
  title?: string;
};

/**
 * A link that asks before it acts (Popconfirm, OK and Cancel), then says it is done. A
 * failure has its toast from the HTTP client, which shows the server's own message (a 409
 * "It is still in use: …"), so it adds none. `disabled` and `title` reach the button, so
 * `AccessDisable` can wrap it. The Popconfirm is mounted on first use (PopupOnDemand), since
 * a table draws one per row.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { label, danger, type = 'link', disabled, title } = props;
  return (
    <PopupOnDemand
      trigger={() =>
        type === 'link' ? (
          <RowButton look="link" danger={danger} disabled={disabled} title={title}>
            {label}
          </RowButton>
        ) : (
          <Button danger={danger} disabled={disabled} title={title}>
            {label}
          </Button>
        )
      }
      popup={(button, state) => <Asking {...props} button={button} state={state} />}
    />
  );
}

function Asking({
  question,
  description,
  success,
  onConfirm,
  danger,
  disabled,
  button,
  state,
}: ConfirmActionProps & { button: ReactElement; state: PopupState }) {
  const toast = useToast();
  const t = useKitT();

  const confirm = async () => {
    try {
      await onConfirm();
      toast.success(success);
    } catch (error) {
      // The HTTP client has already shown the failure; a second toast would repeat it.
      console.debug('Confirmed action failed', error);
    }
  };

  return (
    <Popconfirm
      title={question}
      description={description}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger }}
      onConfirm={confirm}
      disabled={disabled}
      open={state.open}
      onOpenChange={(open) => state.onOpenChange(open)}
    >
      {button}
    </Popconfirm>
  );
}

export type ConfirmDeleteProps = Pick<
  ConfirmActionProps,
  'description' | 'onConfirm' | 'disabled' | 'title'
> & {
  /** The noun of the prompt: "Delete this user?". */
  what: string;
};

/** The Delete row action: a danger link that asks first, then says "Deleted successfully". */
export function ConfirmDelete({ what, ...props }: ConfirmDeleteProps) {
  const t = useKitT();
  return (
    <ConfirmAction
      {...props}
      question={t('confirmDelete', { what })}
      label={t('delete')}
      success={t('deletedSuccessfully')}
      danger
    />
  );
}
