import type { Group } from '@gatehouse/contract';
import { lazyForm } from '@/components/lazy-form';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { useAllowed } from '@/lib/access';
import { areaCodes, need } from '../shared/access-codes';
import { useIdentityT, withText } from '../shared/messages';
import { nameCodeBody } from '../shared/name-code-items';
import { recordColumns } from '../shared/record-columns';
import { useRowDialog } from '../shared/use-row-dialog';
import { groupsBulk } from './api/bulk-groups';
import { useCreateGroup } from './api/create-group';
import { useDeleteGroup } from './api/delete-group';
import { groupsQueryOptions } from './api/list-groups';
import { useSetGroupStatus } from './api/set-group-status';
import { useUpdateGroup } from './api/update-group';
import type { GroupFormValues } from './components/group-form';
import { GroupMembersDialog } from './components/group-members-dialog';
import { GroupRolesDialog } from './components/group-roles-dialog';

const GroupForm = lazyForm(() => import('./components/group-form').then((m) => m.GroupForm));

export const GROUP_CODES = areaCodes('group');

/** Whether the caller may change the group at all, as the server says (delegation). */
export const groupChangeable = (group: Pick<Group, 'manageable'>) => group.manageable !== false;

export const GROUP_SEARCH_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'code', { name: 'code', type: 'text' } as SearchField),
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** Name, Code, Description, Members, Status and Created. */
export const GROUP_COLUMNS = recordColumns<Group>([
  withText('title', 'members', { dataIndex: 'memberCount', width: 100 }),
]);

/**
 * Manage Group (spec §2; /admin-setting/manage-group and manage-group-v2): groups of users,
 * each giving its members its roles.
 */
export function GroupPage() {
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const setStatus = useSetGroupStatus();
  const remove = useDeleteGroup();
  const canUpdate = useAllowed(need(GROUP_CODES, 'update'));
  const members = useRowDialog<Group>();
  const roles = useRowDialog<Group>();
  const t = useIdentityT();

  return (
    <>
      <ListScreen<Group, GroupFormValues, Unscoped>
        title="Manage Group"
        names={{ one: t('groupOne'), many: t('groupMany') }}
        scope={UNSCOPED}
        fields={GROUP_SEARCH_FIELDS}
        list="groups"
        audit={{ entity: 'group' }}
        bulk={groupsBulk}
        nameOf={(group) => group.name}
        rows={groupsQueryOptions}
        rowKey="groupId"
        columns={GROUP_COLUMNS}
        // Its members and roles stay readable; changing them is left out.
        changeable={groupChangeable}
        create={{ code: GROUP_CODES.create, save: (values) => create.mutateAsync(nameCodeBody(values)) }}
        update={{
          code: GROUP_CODES.update,
          save: (values, { groupId }) => update.mutateAsync({ groupId, ...nameCodeBody(values) }),
        }}
        toggle={{
          code: GROUP_CODES.status,
          subject: () => 'group',
          onToggle: ({ groupId }, status) => setStatus.mutateAsync({ groupId, status }),
        }}
        remove={{
          code: GROUP_CODES.delete,
          subject: 'group',
          description: () => t('groupDeleteText'),
          onDelete: ({ groupId }) => remove.mutateAsync(groupId),
        }}
        rowActions={[
          { key: 'members', label: t('members'), onClick: members.show },
          { key: 'roles', label: t('roles'), onClick: roles.show },
        ]}
        form={(props) => <GroupForm {...props} />}
      />
      <GroupMembersDialog
        open={members.open}
        group={members.row}
        need={need(GROUP_CODES, 'update')}
        onClose={members.close}
      />
      <GroupRolesDialog
        open={roles.open}
        group={roles.row}
        editable={canUpdate && roles.row !== undefined && groupChangeable(roles.row)}
        onClose={roles.close}
      />
    </>
  );
}
