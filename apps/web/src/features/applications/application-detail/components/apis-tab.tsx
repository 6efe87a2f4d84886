import { type AppApi, HTTP_METHODS } from '@gatehouse/contract';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { statusColumn } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { optionsOf, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { APPLICATION_CODES } from '../access-codes';
import { apisBulk } from '../api/bulk-apis';
import { apisQueryOptions } from '../api/list-apis';
import { useCreateApi, useUpdateApi } from '../api/save-api';
import { useApplicationDetailT, withText } from '../messages';
import type { ApiFormValues } from './api-form';

const ApiForm = lazyForm(() => import('./api-form').then((m) => m.ApiForm));

const API_FIELDS: SearchField[] = [
  withText('label', 'method', {
    name: 'method',
    type: 'multi-select',
    options: optionsOf(HTTP_METHODS),
  } as SearchField),
  withText('label', 'pathPattern', { name: 'pathPattern', type: 'text' } as SearchField),
  STATUS_FIELD,
];

const API_COLUMNS: Column<AppApi>[] = [
  withText('title', 'method', { dataIndex: 'method', width: 110 }),
  withText('title', 'pathPattern', { dataIndex: 'pathPattern' }),
  withText('title', 'description', { dataIndex: 'description', render: (v: string | null) => v || '--' }),
  statusColumn<AppApi>(),
];

/** The form's values as the API's body: a blank description is none. */
export const apiBody = ({ method, pathPattern, description, permissionIds }: ApiFormValues) => ({
  method,
  pathPattern,
  description: description?.trim() || null,
  permissionIds,
});

/** The application's HTTP APIs (v2 `application/api`): create, edit, and enable/disable through the update. */
export function ApisTab({ appId }: { appId: string }) {
  const t = useApplicationDetailT();
  const create = useCreateApi();
  const update = useUpdateApi();
  return (
    <ListScreen<AppApi, ApiFormValues, { appId: string }>
      title={t('apis')}
      names={{ one: t('apiOne'), many: t('apiMany') }}
      scope={{ appId }}
      fields={API_FIELDS}
      list="appApis"
      audit={{ entity: 'application-api' }}
      bulk={apisBulk}
      nameOf={(api) => `${api.method} ${api.pathPattern}`}
      rows={apisQueryOptions}
      rowKey="apiId"
      columns={API_COLUMNS}
      create={{
        code: APPLICATION_CODES.create,
        save: (values, { scope }) => create.mutateAsync({ applicationId: scope.appId, ...apiBody(values) }),
      }}
      update={{
        code: APPLICATION_CODES.update,
        save: (values, row) =>
          update.mutateAsync({
            apiId: row.apiId,
            applicationId: row.applicationId,
            status: row.status,
            ...apiBody(values),
          }),
      }}
      toggle={{
        code: APPLICATION_CODES.status,
        subject: () => 'API',
        onToggle: (row, status) =>
          update.mutateAsync({
            apiId: row.apiId,
            applicationId: row.applicationId,
            method: row.method,
            pathPattern: row.pathPattern,
            description: row.description,
            permissionIds: row.permissionIds,
            status,
          }),
      }}
      form={(props) => <ApiForm {...props} appId={appId} />}
    />
  );
}
