import { Form, Input } from 'antd';
import { codeSchema } from '@gatehouse/contract';
import { required } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { useIdentityT } from './messages';

/**
 * The Name, Code and Description of a group, role or organization. The code is checked with
 * the contract's rule; it is unique, and the server says so on the field when it is taken.
 */
export function NameCodeItems() {
  const t = useIdentityT();
  return (
    <>
      <Form.Item name="name" label={t('name')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(codeSchema)} extra={t('codeHelp')}>
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
