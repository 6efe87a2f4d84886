import { Form, Input } from 'antd';
import { required } from '@/components/record-form';
import { useAppConfigT } from './messages';

/** The Name and ID of a data access or a permission, both required (spec §5). */
export function NameAndIdItems() {
  const t = useAppConfigT();
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="id" label={t('id')} rules={required}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
    </>
  );
}
