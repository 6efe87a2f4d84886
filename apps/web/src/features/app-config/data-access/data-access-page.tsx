import { Card, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataAccess } from '@gatehouse/contract';
import type { SearchField } from '@/components/search-bar';
import { useListState } from '@/components/use-list-state';
import { useAccess } from '@/lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { NewRecordButton } from '../shared/new-record-button';
import { RecordList, type RecordActionsColumnOptions, recordActionsColumn } from '../shared/record-list';
import { useCurrentApplication } from '../shared/use-current-application';
import { useRecordDialog } from '../shared/use-record-dialog';
import { useCreateDataAccess } from './api/create-data-access';
import { useDataAccessCategories } from './api/list-data-access-categories';
import { useDataAccesses } from './api/list-data-accesses';
import { useUpdateDataAccess } from './api/update-data-access';
import { DataAccessForm, type DataAccessFormValues } from './components/data-access-form';

export const CREATE_CODE = 'data-access:create';
export const UPDATE_CODE = 'data-access:update';

export function dataAccessSearchFields(categories: string[]): SearchField[] {
  return [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'id', label: 'ID', type: 'text' },
    {
      name: 'category',
      label: 'Category',
      type: 'multi-select',
      options: categories.map((c) => ({ label: c, value: c })),
    },
    { name: 'created', label: 'Created date', type: 'date' },
  ];
}

/** What the local "Type to search" filter matches. */
export const FILTERED_FIELDS = ['name', 'id', 'category'] as const;

/** Spec §2: Name, ID, Category and the row Action menu; empty cells show `--` (PagedTable). */
export function dataAccessColumns(
  options: RecordActionsColumnOptions<DataAccess>,
): TableColumnsType<DataAccess> {
  return [
    { title: 'Name', dataIndex: 'name', ellipsis: true },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    { title: 'Category', dataIndex: 'category', ellipsis: true },
    recordActionsColumn(options),
  ];
}

/** The application's data accesses: search, local filter, table and pager. */
function DataAccessList({
  appId,
  onOpen,
}: {
  appId: string;
  onOpen: RecordActionsColumnOptions<DataAccess>['onOpen'];
}) {
  const { t } = useTranslation();
  const canUpdate = useAccess(UPDATE_CODE);
  const categories = useDataAccessCategories(appId);
  const fields = useMemo(() => dataAccessSearchFields(categories.data ?? []), [categories.data]);
  const list = useListState({ fields });
  const rows = useDataAccesses({ appId, page: list.page, size: list.size, search: list.search });
  return (
    <RecordList<DataAccess>
      fields={fields}
      list={list}
      rows={rows}
      filteredFields={FILTERED_FIELDS}
      columns={dataAccessColumns({ onOpen, canUpdate, noPermission: t('noPermission') })}
      label="Data accesses"
      emptyTexts={{
        loadFailed: 'The data accesses could not be loaded.',
        noMatch: 'No data access matches the search.',
        none: 'No data accesses yet.',
      }}
    />
  );
}

/** App Data Accesss (spec §2): the data accesses of the application named by `appId`. */
export function DataAccessPage() {
  const current = useCurrentApplication();
  const categories = useDataAccessCategories(current.status === 'ready' ? current.appId : undefined);
  const create = useCreateDataAccess();
  const update = useUpdateDataAccess();
  const dialog = useRecordDialog<DataAccess, DataAccessFormValues>({
    appId: current.appId,
    create: create.mutateAsync,
    update: update.mutateAsync,
  });

  return (
    <Card
      title="App Data Accesss"
      extra={
        <NewRecordButton code={CREATE_CODE} onClick={dialog.openCreate}>
          New data access
        </NewRecordButton>
      }
    >
      <AppContextBar />
      {current.status === 'ready' && (
        <DataAccessList key={current.appId} appId={current.appId} onOpen={dialog.openRecord} />
      )}
      <DataAccessForm
        open={dialog.open}
        mode={dialog.mode}
        record={dialog.record}
        categories={categories.data}
        onSubmit={dialog.submit}
        onClose={dialog.close}
      />
    </Card>
  );
}
