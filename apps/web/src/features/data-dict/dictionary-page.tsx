import type { Dictionary } from '@gatehouse/contract';
import { Form } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { applicationChoicesQueryOptions } from '@/api/applications';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { statusColumn } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { STATUS_FIELD } from '@/components/list-screen/search-fields';
import { RemoteSelect } from '@/components/remote-select';
import type { SearchField } from '@/components/search-bar';
import { DICTIONARY_CODES } from './access-codes';
import { dictionariesBulk } from './api/bulk-dictionaries';
import { useCreateDictionary } from './api/create-dictionary';
import { useDeleteDictionary } from './api/delete-dictionary';
import { dictionariesQueryOptions } from './api/list-dictionaries';
import { useSetDictionaryStatus } from './api/set-dictionary-status';
import { useUpdateDictionary } from './api/update-dictionary';
import { DictionaryItemsDialog } from './components/dictionary-items-dialog';
import { type DictionaryFormValues, dictionaryBody } from './components/dictionary-values';
import { dataDictText, useDataDictT } from './messages';

const DictionaryForm = lazyForm(() => import('./components/dictionary-form').then((m) => m.DictionaryForm));

/** The application whose dictionaries show when the URL names none. */
export const DEFAULT_APP_ID = 'platform';

const field = (name: string, key: 'code' | 'name'): SearchField =>
  Object.defineProperty({ name, type: 'text' } as SearchField, 'label', {
    get: () => dataDictText(key),
    enumerable: true,
  });

export const DICTIONARY_SEARCH_FIELDS: SearchField[] = [
  field('code', 'code'),
  field('name', 'name'),
  STATUS_FIELD,
];

const column = (
  key: 'code' | 'name' | 'description' | 'allowCustom',
  extra: Column<Dictionary> = {},
): Column<Dictionary> =>
  Object.defineProperty({ dataIndex: key, ...extra }, 'title', {
    get: () => dataDictText(key),
    enumerable: true,
  });

/** Code, Name, Description, Allows custom values and Status. */
export const DICTIONARY_COLUMNS: Column<Dictionary>[] = [
  column('code'),
  column('name'),
  column('description', { render: (v: string | null) => v || '--' }),
  column('allowCustom', { width: 160, render: (v: boolean) => dataDictText(v ? 'yes' : 'no') }),
  statusColumn<Dictionary>(),
];

/**
 * Data Dictionary (spec §2, /admin-setting/data-dict): an application's dictionaries (the
 * platform's by default, another's by `appId`), each with its items in a dialog.
 */
export function DictionaryPage() {
  const t = useDataDictT();
  const [params, setParams] = useSearchParams();
  const appId = params.get('appId')?.trim() || DEFAULT_APP_ID;
  const create = useCreateDictionary();
  const update = useUpdateDictionary();
  const setStatus = useSetDictionaryStatus();
  const remove = useDeleteDictionary();
  const [itemsOf, setItemsOf] = useState<{ open: boolean; row?: Dictionary }>({ open: false });

  return (
    <>
      <ListScreen<Dictionary, DictionaryFormValues, { appId: string }>
        title="Data Dictionary"
        names={{ one: t('dictionaryOne'), many: t('dictionaryMany') }}
        header={
          <Form layout="inline" style={{ marginBottom: 16 }}>
            <Form.Item label={t('application')}>
              <RemoteSelect
                aria-label={t('application')}
                search={applicationChoicesQueryOptions}
                value={appId}
                onChange={(next) => setParams(next ? { appId: next } : {})}
                style={{ width: 320 }}
              />
            </Form.Item>
          </Form>
        }
        scope={{ appId }}
        fields={DICTIONARY_SEARCH_FIELDS}
        list="dictionaries"
        audit={{ entity: 'dictionary' }}
        bulk={dictionariesBulk}
        nameOf={(dictionary) => dictionary.name}
        rows={dictionariesQueryOptions}
        rowKey="dictionaryId"
        columns={DICTIONARY_COLUMNS}
        create={{
          code: DICTIONARY_CODES.create,
          save: (values, { scope }) =>
            create.mutateAsync({ applicationId: scope.appId, ...dictionaryBody(values) }),
        }}
        update={{
          code: DICTIONARY_CODES.update,
          save: (values, { dictionaryId, applicationId }) =>
            update.mutateAsync({ dictionaryId, applicationId, ...dictionaryBody(values) }),
        }}
        toggle={{
          code: DICTIONARY_CODES.status,
          subject: () => 'dictionary',
          onToggle: ({ dictionaryId }, status) => setStatus.mutateAsync({ dictionaryId, status }),
        }}
        remove={{
          code: DICTIONARY_CODES.delete,
          subject: t('dictionaryOne'),
          description: () => t('deleteDictionaryText'),
          onDelete: ({ dictionaryId }) => remove.mutateAsync(dictionaryId),
        }}
        rowActions={[{ key: 'items', label: t('items'), onClick: (row) => setItemsOf({ open: true, row }) }]}
        form={(props) => <DictionaryForm {...props} />}
      />
      <DictionaryItemsDialog
        open={itemsOf.open}
        dictionary={itemsOf.row}
        onClose={() => setItemsOf((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
