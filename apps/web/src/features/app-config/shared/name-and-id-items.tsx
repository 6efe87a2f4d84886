import { Form, Input } from 'antd';
import { required } from '@/components/form-dialog';

/** The Name and ID of a data access or a permission, both required (spec §5). */
export function NameAndIdItems() {
  return (
    <>
      <Form.Item name="name" label="Name" rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="id" label="ID" rules={required}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
    </>
  );
}
