import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { AccessDisable } from '@/lib/access';

/** The primary "New …" button of an app-config screen; without access to `code` it shows disabled with the no-permission title. */
export function NewRecordButton({
  code,
  onClick,
  children,
}: {
  code: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <AccessDisable code={code}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {children}
      </Button>
    </AccessDisable>
  );
}
