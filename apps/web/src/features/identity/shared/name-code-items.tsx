import { Form, Input } from 'antd';
import { type FieldSchema, fieldRules } from '@/components/schema-rule';
import { useIdentityT } from './messages';

/** The request schema of a record with a Name and a Code: a group's, role's or organization's create or update. */
type NameCodeSchema = { shape: { name: FieldSchema; code: FieldSchema } };

/**
 * The Name, Code and Description of a group, role or organization, the name and code checked by
 * `schema`. The code is unique, and the server says so on the field when it is taken.
 */
export function NameCodeItems({ schema }: { schema: NameCodeSchema }) {
  const t = useIdentityT();
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')} extra={t('codeHelp')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </>
  );
}

/** The values of NameCodeItems. */
export type NameCodeValues = { name: string; code: string; description?: string | null };

/** The body fields of NameCodeItems: a blank description is none at all. */
export function nameCodeBody({ name, code, description }: NameCodeValues) {
  return { name, code, description: description?.trim() || null };
}
