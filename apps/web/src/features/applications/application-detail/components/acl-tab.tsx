import { ACL_SUBJECT_TYPES, ACL_TARGET_TYPES, type Acl } from '@gatehouse/contract';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { statusColumn } from '@/components/list-screen/columns';
import { ListScreen } from '@/components/list-screen/list-screen';
import { optionsOf, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { APPLICATION_CODES } from '../access-codes';
import { aclsBulk } from '../api/bulk-acls';
import { aclsQueryOptions } from '../api/list-acls';
import { useCreateAcl, useSetAclStatus, useUpdateAcl } from '../api/save-acl';
import { useApplicationDetailT, withText } from '../messages';
import type { AclFormValues } from './acl-form';

const AclForm = lazyForm(() => import('./acl-form').then((m) => m.AclForm));

const ACL_FIELDS: SearchField[] = [
  withText('label', 'subjectType', {
    name: 'subjectType',
    type: 'multi-select',
    options: optionsOf(ACL_SUBJECT_TYPES),
  } as SearchField),
  withText('label', 'targetType', {
    name: 'targetType',
    type: 'multi-select',
    options: optionsOf(ACL_TARGET_TYPES),
  } as SearchField),
  STATUS_FIELD,
];

const ACL_COLUMNS: Column<Acl>[] = [
  withText('title', 'subjectType', { dataIndex: 'subjectType', width: 120 }),
  withText('title', 'subjectId', { dataIndex: 'subjectId' }),
  withText('title', 'targetType', { dataIndex: 'targetType', width: 130 }),
  withText('title', 'targetId', { dataIndex: 'targetId' }),
  withText('title', 'actions', { key: 'actions', render: (_: unknown, row: Acl) => row.actions.join(', ') }),
  statusColumn<Acl>(),
];

/** The application's access-control entries (v2 `application/acl`): create, edit, enable/disable. */
export function AclTab({ appId }: { appId: string }) {
  const t = useApplicationDetailT();
  const create = useCreateAcl();
  const update = useUpdateAcl();
  const setStatus = useSetAclStatus();
  return (
    <ListScreen<Acl, AclFormValues, { appId: string }>
      title={t('acl')}
      names={{ one: t('aclOne'), many: t('aclMany') }}
      scope={{ appId }}
      fields={ACL_FIELDS}
      list="acl"
      audit={{ entity: 'application-acl' }}
      bulk={aclsBulk}
      nameOf={(entry) => `${entry.subjectType} ${entry.subjectId}`}
      rows={aclsQueryOptions}
      rowKey="aclId"
      columns={ACL_COLUMNS}
      create={{
        code: APPLICATION_CODES.create,
        save: (values, { scope }) => create.mutateAsync({ applicationId: scope.appId, ...values }),
      }}
      update={{
        code: APPLICATION_CODES.update,
        save: (values, { aclId, applicationId, status }) =>
          update.mutateAsync({ aclId, applicationId, status, ...values }),
      }}
      toggle={{
        code: APPLICATION_CODES.status,
        subject: () => 'entry',
        onToggle: ({ aclId }, status) => setStatus.mutateAsync({ aclId, status }),
      }}
      form={(props) => <AclForm {...props} appId={appId} />}
    />
  );
}
