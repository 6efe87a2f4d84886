import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { IconBrowser } from '@/components/icon-browser';
import { navIcon } from '@/components/nav-icons';
import { defineMessages } from '@/lib/i18n';

const useT = defineMessages(
  'resource-icon',
  {
    label: 'Icon',
    none: 'No icon',
    choose: 'Choose icon',
    chooseTitle: 'Choose an icon',
    pick: 'Choose {{name}}',
    clear: 'Clear',
    clearLabel: 'Clear the icon',
  },
  {
    label: '图标',
    none: '无图标',
    choose: '选择图标',
    chooseTitle: '选择图标',
    pick: '选择 {{name}}',
    clear: '清除',
    clearLabel: '清除图标',
  },
);

type IconFieldProps = {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
};

/**
 * The icon a category or menu shows in the navigation: its name, picked in a dialog that shows
 * the icons the console supports, as the icons page does. A Form.Item control; in a disabled
 * form (DETAIL) its buttons are disabled with it.
 */
export function IconField({ id, value, onChange }: IconFieldProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={value ?? ''}
          placeholder={t('none')}
          // Always there, so the input keeps its shape as an icon comes and goes.
          prefix={<span style={{ display: 'inline-flex', width: 16 }}>{navIcon(value)}</span>}
        />
        <Button onClick={() => setOpen(true)}>{t('choose')}</Button>
        {value ? (
          <Button aria-label={t('clearLabel')} onClick={() => onChange?.(null)}>
            {t('clear')}
          </Button>
        ) : null}
      </Space.Compact>
      <Modal open={open} title={t('chooseTitle')} footer={null} width={760} onCancel={() => setOpen(false)}>
        <IconBrowser
          value={value}
          pickLabel={(name) => t('pick', { name })}
          onPick={(name) => {
            onChange?.(name);
            setOpen(false);
          }}
        />
      </Modal>
    </>
  );
}

/** The form's icon field, labelled. */
export function IconItem() {
  const t = useT();
  return (
    <Form.Item name="icon" label={t('label')}>
      <IconField />
    </Form.Item>
  );
}
