import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n';
import './messages';
import { Dropdown } from './antd-parts';
import { PopupOnDemand } from './popup-on-demand';
import { DownIcon, RowButton, RowControls } from './row-controls';

export type RowAction = {
  key: string;
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Shown on hover, e.g. why the action is disabled. */
  title?: string;
  /** Left out altogether, e.g. "Add element" on a category, or an action the user may not take. */
  hidden?: boolean;
  danger?: boolean;
};

export type RowActionsProps = {
  items: RowAction[];
  /** The menu button's text. */
  label?: string;
  /** Rendered after the menu, e.g. a ConfirmToggle, which asks before it acts and so cannot sit in a menu. */
  extra?: ReactNode;
};

/**
 * The row "Action" column: an "Action" button opening a menu, reachable by keyboard. The menu
 * opens with Enter, Space or ArrowDown, takes focus, and is walked with the arrow keys; Escape
 * returns to the button. The menu is mounted on first use (PopupOnDemand), and the button is
 * a plain one (RowButton), since a table draws one per row.
 */
export function RowActions({ items, label: ownLabel, extra }: RowActionsProps) {
  const visible = items.filter((item) => !item.hidden);
  return (
    <RowControls>
      {visible.length > 0 && <ActionMenu items={visible} label={ownLabel ?? i18n.t('kit:action')} />}
      {extra}
    </RowControls>
  );
}

const OPENS_MENU = ['ArrowDown'] as const;

function ActionMenu({ items, label }: { items: RowAction[]; label: string }) {
  return (
    <PopupOnDemand
      opensOn={OPENS_MENU}
      trigger={(open) => (
        <RowButton aria-haspopup="menu" aria-expanded={open}>
          <span>{label}</span>
          <DownIcon />
        </RowButton>
      )}
      popup={(button, { open, onOpenChange, focusTrigger }) => {
        const menu: MenuProps = {
          items: items.map((item) => ({
            key: item.key,
            label: item.title ? <span title={item.title}>{item.label}</span> : item.label,
            disabled: item.disabled,
            danger: item.danger,
          })),
          onClick: ({ key }) => items.find((item) => item.key === key)?.onClick(),
        };
        const openChange = (next: boolean) => {
          onOpenChange(next);
          // Closing while focus is in the menu would drop it on the page body and make keyboard
          // users start over from the top; it goes back to the button that opened the menu.
          if (!next && document.activeElement?.closest('[role="menu"]')) focusTrigger();
        };
        return (
          <Dropdown menu={menu} trigger={['click']} autoFocus open={open} onOpenChange={openChange}>
            {button}
          </Dropdown>
        );
      }}
    />
  );
}
