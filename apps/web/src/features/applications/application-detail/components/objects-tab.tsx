import type { DataObject } from '@gatehouse/contract';
import { objectsQueryOptions } from '@/api/objects';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { ListScreen } from '@/components/list-screen/list-screen';
import type { SearchField } from '@/components/search-bar';
import { APPLICATION_CODES } from '../access-codes';
import { objectsBulk } from '../api/bulk-objects';
import { useCreateObject } from '../api/create-object';
import { useDeleteObject } from '../api/delete-object';
import { useUpdateObject } from '../api/update-object';
import { useApplicationDetailT, withText } from '../messages';
import { type ObjectFormValues, objectBody } from './object-values';

const ObjectForm = lazyForm(() => import('./object-form').then((m) => m.ObjectForm));

const OBJECT_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'code', { name: 'code', type: 'text' } as SearchField),
];

/** Name, Code, Description and the fields as `name: TYPE`, a required one starred. */
const OBJECT_COLUMNS: Column<DataObject>[] = [
  withText('title', 'name', { dataIndex: 'name' }),
  withText('title', 'code', { dataIndex: 'code' }),
  withText('title', 'description', { dataIndex: 'description', render: (v: string | null) => v || '--' }),
  withText('title', 'fields', {
    key: 'fields',
    render: (_: unknown, row: DataObject) =>
      row.fields.map((f) => `${f.name}: ${f.type}${f.required ? '*' : ''}`).join(', ') || '--',
  }),
];

/** The application's data objects (v2 `object`): create, edit and delete. */
export function ObjectsTab({ appId }: { appId: string }) {
  const t = useApplicationDetailT();
  const create = useCreateObject();
  const update = useUpdateObject();
  const remove = useDeleteObject();
  return (
    <ListScreen<DataObject, ObjectFormValues, { appId: string }>
      title={t('objects')}
      names={{ one: t('objectOne'), many: t('objectMany') }}
      scope={{ appId }}
      fields={OBJECT_FIELDS}
      list="dataObjects"
      audit={{ entity: 'data-object' }}
      bulk={objectsBulk}
      nameOf={(object) => object.name}
      rows={objectsQueryOptions}
      rowKey="objectId"
      columns={OBJECT_COLUMNS}
      create={{
        code: APPLICATION_CODES.create,
        save: (values, { scope }) =>
          create.mutateAsync({ applicationId: scope.appId, ...objectBody(values) }),
      }}
      update={{
        code: APPLICATION_CODES.update,
        save: (values, { objectId, applicationId }) =>
          update.mutateAsync({ objectId, applicationId, ...objectBody(values) }),
      }}
      remove={{
        code: APPLICATION_CODES.delete,
        subject: t('objectOne'),
        description: () => t('deleteObjectText'),
        onDelete: ({ objectId }) => remove.mutateAsync(objectId),
      }}
      form={(props) => <ObjectForm {...props} />}
    />
  );
}
