import { DownOutlined } from '@ant-design/icons';
import { Button, Divider, Dropdown, type MenuProps, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useKitT } from './messages';

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
  /** `menu`: an "Action" button opening a menu (the default); `inline`: a row of links. */
  variant?: 'menu' | 'inline';
  /** The menu button's text. */
  label?: string;
  /** Rendered after the actions, e.g. a ConfirmToggle, which asks before it acts and so cannot sit in a menu. */
  extra?: ReactNode;
};

/**
 * The row "Action" column. Both variants are reachable by keyboard: the menu opens with Enter
 * or Space, takes focus, and is walked with the arrow keys; Escape returns to the button.
 */
export function RowActions({ items, variant = 'menu', label: ownLabel, extra }: RowActionsProps) {
  const t = useKitT();
  const label = ownLabel ?? t('action');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const visible = items.filter((item) => !item.hidden);

  const openChange = (next: boolean) => {
    setOpen(next);
    // Closing while focus is in the menu would drop it on the page body and make keyboard
    // users start over from the top; it goes back to the button that opened the menu.
    if (!next && document.activeElement?.closest('[role="menu"]')) buttonRef.current?.focus();
  };

  if (variant === 'inline') {
    return (
      <Space size={0} separator={<Divider orientation="vertical" />}>
        {visible.map((item) => (
          <Button
            key={item.key}
            type="link"
            size="small"
            danger={item.danger}
            disabled={item.disabled}
            title={item.title}
            onClick={item.onClick}
          >
            {item.label}
          </Button>
        ))}
        {extra}
      </Space>
    );
  }

  const menu: MenuProps = {
    items: visible.map((item) => ({
      key: item.key,
      label: item.title ? <span title={item.title}>{item.label}</span> : item.label,
      disabled: item.disabled,
      danger: item.danger,
    })),
    onClick: ({ key }) => visible.find((item) => item.key === key)?.onClick(),
  };

  return (
    <Space size="small">
      {visible.length > 0 && (
        <Dropdown menu={menu} trigger={['click']} autoFocus open={open} onOpenChange={openChange}>
          <Button ref={buttonRef} size="small" aria-haspopup="menu" aria-expanded={open}>
            {label} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {extra}
    </Space>
  );
}
