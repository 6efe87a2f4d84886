import {
  createDataAccessSchema,
  type DataAccess,
  type LegacyDictionary,
  updateDataAccessSchema,
} from '@gatehouse/contract';
import { AutoComplete, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { objectChoicesQueryOptions } from '@/api/objects';
import { setChoicesQueryOptions } from '@/api/sets';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { useAppConfigT } from '@/features/app-config/shared/messages';
import { NameAndIdItems } from '@/features/app-config/shared/name-and-id-items';
import { useCategoryDictionary } from '../api/list-category-dictionary';
import { useScopeNames } from '../api/scope-choices';

export type DataAccessFormValues = Pick<DataAccess, 'name' | 'id' | 'category'> &
  Partial<Pick<DataAccess, 'objectId' | 'setId'>>;

const TITLES = {
  CREATE: 'newDataAccess',
  EDIT: 'editDataAccess',
  DETAIL: 'dataAccessDetail',
} as const satisfies Record<FormMode, string>;

export type DataAccessFormProps = RecordFormProps<DataAccess, DataAccessFormValues> & {
  /** The application's categories, offered as suggestions; a new one can still be typed. */
  categories?: string[];
  /** The application whose objects and sets the access may be scoped to. */
  appId?: string;
};

/** The one data-access form (spec §4, §5): name, id and category are required; DETAIL is read-only. */
export function DataAccessForm({ record, categories = [], appId, ...dialog }: DataAccessFormProps) {
  const t = useAppConfigT();
  const [form] = Form.useForm<DataAccessFormValues>();
  const objectId = Form.useWatch('objectId', form);
  const scoped = dialog.mode === 'CREATE' ? undefined : record;
  const names = useScopeNames(scoped, dialog.open);
  const application = record?.applicationId ?? appId;
  const { i18n } = useTranslation();
  const dictionary = useCategoryDictionary(dialog.open).data ?? null;
  const options = categoryOptions(dictionary, categories, i18n.language);
  const initialValues = dialog.mode === 'CREATE' || !record ? undefined : pick(record);
  const schema = dialog.mode === 'CREATE' ? createDataAccessSchema : updateDataAccessSchema;
  return (
    <FormDialog<DataAccessFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      form={form}
    >
      <NameAndIdItems schema={schema} />
      <Form.Item name="category" label={t('category')} rules={fieldRules(schema, 'category')}>
        {dictionary && !dictionary.allowCustom ? (
          <Select options={options} showSearch={{ filterOption: matches }} />
        ) : (
          <AutoComplete options={options} showSearch={{ filterOption: matches }} maxLength={100} />
        )}
      </Form.Item>
      {application && (
        <>
          <Form.Item name="objectId" label={t('object')} extra={t('objectHelp')}>
            <RemoteSelect
              search={objectChoicesQueryOptions(application)}
              known={names.objects}
              placeholder={t('anyObject')}
              onChange={(value) => {
                // A set belongs to one object: another object clears it.
                form.setFieldsValue({ objectId: value, setId: null });
              }}
            />
          </Form.Item>
          <Form.Item name="setId" label={t('set')} extra={t('setHelp')}>
            <RemoteSelect
              search={setChoicesQueryOptions(application, objectId)}
              known={names.sets}
              placeholder={t('wholeObject')}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

function pick({ name, id, category, objectId, setId }: DataAccess): DataAccessFormValues {
  return { name, id, category, objectId, setId };
}

type CategoryOption = { value: string; label: string };

/** Typing narrows the choices by value or label, whatever the case. */
const matches = (typed: string, option?: CategoryOption) =>
  `${option?.value ?? ''} ${option?.label ?? ''}`.toLowerCase().includes(typed.toLowerCase());

/**
 * The Category choices: the items of the `data-access-category` dictionary (by code, labelled
 * in the console's language), then, when the dictionary allows custom values (or there is
 * none), the application's other categories in use.
 */
export function categoryOptions(
  dictionary: LegacyDictionary | null,
  inUse: readonly string[],
  language: string,
): CategoryOption[] {
  const items = (dictionary?.items ?? []).map((item) => ({
    value: item.code,
    label: (language.startsWith('zh') ? item.labelZh : item.labelEn) || item.code,
  }));
  if (dictionary && !dictionary.allowCustom) return items;
  const offered = new Set(items.map((o) => o.value));
  return [...items, ...inUse.filter((c) => !offered.has(c)).map((c) => ({ value: c, label: c }))];
}
