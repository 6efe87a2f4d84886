import { AutoComplete, Form, Input } from 'antd';
import type { DataAccess } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';

export type DataAccessFormValues = Pick<DataAccess, 'name' | 'id' | 'category'>;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New data access',
  EDIT: 'Edit data access',
  DETAIL: 'Data access detail',
};

export type DataAccessFormProps = RecordFormProps<DataAccess, DataAccessFormValues> & {
  /** The application's categories, offered as suggestions; a new one can still be typed. */
  categories?: string[];
};

/** The one data-access form (spec §4, §5): name, id and category are required; DETAIL is read-only. */
export function DataAccessForm({
  open,
  mode,
  record,
  categories = [],
  onSubmit,
  onClose,
}: DataAccessFormProps) {
  const initialValues = mode === 'CREATE' || !record ? undefined : pick(record);
  return (
    <FormDialog<DataAccessFormValues>
      open={open}
      mode={mode}
      title={TITLES[mode]}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name" rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="id" label="ID" rules={required}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="category" label="Category" rules={required}>
        <AutoComplete
          options={categories.map((c) => ({ value: c }))}
          showSearch={{
            filterOption: (typed, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .includes(typed.toLowerCase()),
          }}
          maxLength={100}
        />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, category }: DataAccess): DataAccessFormValues {
  return { name, id, category };
}
