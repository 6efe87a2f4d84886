import { AutoComplete, Form } from 'antd';
import type { DataAccess } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';
import { NameAndIdItems } from '@/features/app-config/shared/name-and-id-items';

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
export function DataAccessForm({ record, categories = [], ...dialog }: DataAccessFormProps) {
  const initialValues = dialog.mode === 'CREATE' || !record ? undefined : pick(record);
  return (
    <FormDialog<DataAccessFormValues> {...dialog} title={TITLES[dialog.mode]} initialValues={initialValues}>
      <NameAndIdItems />
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
