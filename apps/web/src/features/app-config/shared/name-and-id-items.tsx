import { Form, Input } from 'antd';
import { type FieldSchema, fieldRules } from '@/components/schema-rule';
import { useAppConfigT } from './messages';

/** The request schema of a record with a Name and an ID: a data access's or a permission's create. */
type NameAndIdSchema = { shape: { name: FieldSchema; id: FieldSchema } };

/** The Name and ID of a data access or a permission, both required (spec §5), checked by `schema`. */
export function NameAndIdItems({ schema }: { schema: NameAndIdSchema }) {
  const t = useAppConfigT();
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="id" label={t('id')} rules={fieldRules(schema, 'id')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
    </>
  );
}
