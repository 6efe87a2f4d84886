import { elementCodes, type Permission } from '@gatehouse/contract';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { CREATED_DATE_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { appConfigPath } from '../paths';
import { AppListScreen, appListPreload } from '../shared/app-list-screen';
import { appConfigText, useAppConfigT } from '../shared/messages';
import { useCreatePermission } from './api/create-permission';
import { permissionsBulk } from './api/export-permissions';
import { permissionsQueryOptions } from './api/list-permissions';
import { useUpdatePermission } from './api/update-permission';
import type { PermissionFormValues } from './components/permission-form';
import { PERMISSION_TYPE_OPTIONS } from './permission-types';

const PermissionForm = lazyForm(() => import('./components/permission-form').then((m) => m.PermissionForm));

const CODES = elementCodes(appConfigPath('permission'));
export const CREATE_CODE = CODES.create;
export const UPDATE_CODE = CODES.update;

export const PERMISSION_SEARCH_FIELDS: SearchField[] = [
  {
    name: 'name',
    get label() {
      return appConfigText('name');
    },
    type: 'text',
  },
  {
    name: 'id',
    get label() {
      return appConfigText('id');
    },
    type: 'text',
  },
  {
    name: 'resourceType',
    get label() {
      return appConfigText('type');
    },
    type: 'multi-select',
    options: PERMISSION_TYPE_OPTIONS,
  },
  CREATED_DATE_FIELD,
];

/** Spec §2: Name, ID and Type; empty cells show `--` (PagedTable). */
const COLUMNS: Column<Permission>[] = [
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
      return appConfigText('type');
    },
    dataIndex: 'resourceType',
    width: 120,
  },
];

/** What the route asks for before the screen renders. */
export const preload = appListPreload(permissionsQueryOptions, PERMISSION_SEARCH_FIELDS);

/** App Permission (spec §2): the permissions of the application named by `appId`. */
export function PermissionPage() {
  const create = useCreatePermission();
  const update = useUpdatePermission();
  const t = useAppConfigT();
  return (
    <AppListScreen<Permission, PermissionFormValues>
      title="App Permission"
      names={{ one: t('permissionOne'), many: t('permissionMany') }}
      fields={PERMISSION_SEARCH_FIELDS}
      list="permissions"
      audit={{ entity: 'permission' }}
      bulk={permissionsBulk}
      nameOf={(permission) => permission.name}
      rows={permissionsQueryOptions}
      rowKey="resourceId"
      columns={COLUMNS}
      localFilter={['name', 'id', 'resourceType']}
      create={{
        code: CREATE_CODE,
        save: (values, { scope }) => create.mutateAsync({ ...values, applicationId: scope.appId }),
      }}
      update={{
        code: UPDATE_CODE,
        save: (values, { resourceId, applicationId }) =>
          update.mutateAsync({ ...values, resourceId, applicationId }),
      }}
      form={(props) => <PermissionForm {...props} />}
    />
  );
}
