import { type DataAccess, elementCodes } from '@gatehouse/contract';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { prefetchForScreen } from '@/components/list-screen/preload';
import { CREATED_DATE_FIELD, optionsOf } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { appConfigPath } from '../paths';
import { AppListScreen, appListPreload } from '../shared/app-list-screen';
import { appConfigText, useAppConfigT } from '../shared/messages';
import { useCurrentApplication } from '../shared/use-current-application';
import { useCreateDataAccess } from './api/create-data-access';
import { dataAccessesBulk } from './api/export-data-accesses';
import { dataAccessCategoriesQueryOptions, useDataAccessCategories } from './api/list-data-access-categories';
import { dataAccessesQueryOptions } from './api/list-data-accesses';
import { useUpdateDataAccess } from './api/update-data-access';
import type { DataAccessFormValues } from './components/data-access-form';

const DataAccessForm = lazyForm(() => import('./components/data-access-form').then((m) => m.DataAccessForm));

const CODES = elementCodes(appConfigPath('data-access'));
export const CREATE_CODE = CODES.create;
export const UPDATE_CODE = CODES.update;

export function dataAccessSearchFields(categories: string[]): SearchField[] {
  return [
    { name: 'name', label: appConfigText('name'), type: 'text' },
    { name: 'id', label: appConfigText('id'), type: 'text' },
    {
      name: 'category',
      label: appConfigText('category'),
      type: 'multi-select',
      options: optionsOf(categories),
    },
    CREATED_DATE_FIELD,
  ];
}

/** Spec §2: Name, ID and Category; empty cells show `--` (PagedTable). */
const COLUMNS: Column<DataAccess>[] = [
  {
    get title() {
      return appConfigText('name');
    },
    dataIndex: 'name',
    ellipsis: true,
  },
  {
    get title() {
      return appConfigText('id');
    },
    dataIndex: 'id',
    ellipsis: true,
  },
  {
    get title() {
      return appConfigText('category');
    },
    dataIndex: 'category',
    ellipsis: true,
  },
];

/** What the route asks for before the screen renders; the search reads the same without the categories. */
export const preload = appListPreload(dataAccessesQueryOptions, dataAccessSearchFields([]), (appId) =>
  prefetchForScreen(dataAccessCategoriesQueryOptions(appId)),
);

/** App Data Accesss (spec §2): the data accesses of the application named by `appId`. */
export function DataAccessPage() {
  const current = useCurrentApplication();
  const categories = useDataAccessCategories(current.status === 'ready' ? current.appId : undefined);
  const create = useCreateDataAccess();
  const update = useUpdateDataAccess();
  const t = useAppConfigT();
  return (
    <AppListScreen<DataAccess, DataAccessFormValues>
      title="App Data Accesss"
      names={{ one: t('dataAccessOne'), many: t('dataAccessMany') }}
      fields={dataAccessSearchFields(categories.data ?? [])}
      list="dataAccesses"
      audit={{ entity: 'data-access' }}
      bulk={dataAccessesBulk}
      nameOf={(access) => access.name}
      rows={dataAccessesQueryOptions}
      rowKey="resourceId"
      columns={COLUMNS}
      localFilter={['name', 'id', 'category']}
      create={{
        code: CREATE_CODE,
        save: (values, { scope }) => create.mutateAsync({ ...values, applicationId: scope.appId }),
      }}
      update={{
        code: UPDATE_CODE,
        save: (values, { resourceId, applicationId }) =>
          update.mutateAsync({ ...values, resourceId, applicationId }),
      }}
      form={(props) => (
        <DataAccessForm
          {...props}
          categories={categories.data}
          appId={current.status === 'ready' ? current.appId : undefined}
        />
      )}
    />
  );
}
