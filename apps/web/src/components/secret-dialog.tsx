import { Button, Descriptions, Flex, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Notice } from '@/components/notice';
import { CopyButton } from './copy-button';
import { useKitT } from './messages';

/** One line of the dialog; with `copy` its text shows as code with a copy button of that name. */
export type SecretItem = { label: string; value: ReactNode; copy?: { text: string; label: string } };

export type SecretDialogProps = {
  open: boolean;
  title: string;
  /** Why the user should copy now: the secret is never returned again. */
  warning: string;
  items: SecretItem[];
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose?: () => void;
};

function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <Flex align="center" gap={4} wrap={false}>
      <Typography.Text code style={{ wordBreak: 'break-all' }}>
        {text}
      </Typography.Text>
      <CopyButton text={text} label={label} />
    </Flex>
  );
}

/**
 * A secret shown once, as the server returns it only once (DESIGN.md): a client's secret, a
 * user's generated password. It says so, offers copy buttons, and closes only on purpose;
 * the secret leaves the page with the dialog.
 */
export function SecretDialog({ open, title, warning, items, onClose, afterClose }: SecretDialogProps) {
  const t = useKitT();
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      // The secret leaves the page with the dialog, not just out of sight.
      destroyOnHidden
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('done')}
        </Button>
      }
    >
      {items.length > 0 && (
        <>
          <Notice type="warning" showIcon style={{ marginBottom: 16 }} title={warning} />
          <Descriptions column={1} bordered size="small">
            {items.map((item) => (
              <Descriptions.Item key={item.label} label={item.label}>
                {item.copy ? <Copyable text={item.copy.text} label={item.copy.label} /> : item.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
