import type { DataSet } from '@gatehouse/contract';
import { setsQueryOptions } from '@/api/sets';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { SearchField } from '@/components/search-bar';
import { APPLICATION_CODES } from '../access-codes';
import { setsBulk } from '../api/bulk-sets';
import { useCreateSet, useDeleteSet, useUpdateSet } from '../api/save-set';
import { useApplicationDetailT, withText } from '../messages';
import type { SetFormValues } from './set-form';

const SetForm = lazyForm(() => import('./set-form').then((m) => m.SetForm));

const SET_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'code', { name: 'code', type: 'text' } as SearchField),
];

const SET_COLUMNS: Column<DataSet>[] = [
  withText('title', 'name', { dataIndex: 'name' }),
  withText('title', 'code', { dataIndex: 'code' }),
  withText('title', 'members', {
    key: 'members',
    render: (_: unknown, row: DataSet) => row.members.join(', ') || '--',
  }),
];

const body = ({ name, code, objectId, members }: SetFormValues) => ({
  name,
  code,
  objectId,
  members: members ?? [],
});

/** The application's sets of object instances (v2 `set`): create, edit and delete. */
export function SetsTab({ appId }: { appId: string }) {
  const t = useApplicationDetailT();
  const create = useCreateSet();
  const update = useUpdateSet();
  const remove = useDeleteSet();
  return (
    <ListScreen<DataSet, SetFormValues, { appId: string }>
      title={t('sets')}
      names={{ one: t('setOne'), many: t('setMany') }}
      scope={{ appId }}
      fields={SET_FIELDS}
      list="dataSets"
      audit={{ entity: 'data-set' }}
      bulk={setsBulk}
      nameOf={(set) => set.name}
      rows={setsQueryOptions}
      rowKey="setId"
      columns={SET_COLUMNS}
      create={{
        code: APPLICATION_CODES.create,
        save: (values, { scope }) => create.mutateAsync({ applicationId: scope.appId, ...body(values) }),
      }}
      update={{
        code: APPLICATION_CODES.update,
        save: (values, { setId, applicationId }) =>
          update.mutateAsync({ setId, applicationId, ...body(values) }),
      }}
      remove={{
        code: APPLICATION_CODES.delete,
        subject: t('setOne'),
        onDelete: ({ setId }) => remove.mutateAsync(setId),
      }}
      form={(props) => <SetForm {...props} appId={appId} />}
    />
  );
}
