import { IDENTITY_MESSAGES, type Role } from '@gatehouse/contract';
import { Tag } from 'antd';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { ListScreen, UNSCOPED, type Unscoped } from '@/components/list-screen/list-screen';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { useAllowed } from '@/lib/access';
import { say } from '@/lib/i18n';
import { areaCodes, need } from '../shared/access-codes';
import { identityText, useIdentityT, withText } from '../shared/messages';
import { nameCodeBody } from '../shared/name-code-items';
import { recordColumns } from '../shared/record-columns';
import { useRowDialog } from '../shared/use-row-dialog';
import { rolesBulk } from './api/bulk-roles';
import { useCreateRole } from './api/create-role';
import { useDeleteRole } from './api/delete-role';
import { rolesQueryOptions } from './api/list-roles';
import { useSetRoleStatus } from './api/set-role-status';
import { useUpdateRole } from './api/update-role';
import type { RoleFormValues } from './components/role-form';
import { RoleGrantsDialog } from './components/role-grants-dialog';
import { RolePreviewDialog } from './components/role-preview-dialog';

const RoleForm = lazyForm(() => import('./components/role-form').then((m) => m.RoleForm));

export const ROLE_CODES = areaCodes('role');

export const ROLE_SEARCH_FIELDS: SearchField[] = [
  withText('label', 'name', { name: 'name', type: 'text' } as SearchField),
  withText('label', 'code', { name: 'code', type: 'text' } as SearchField),
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** Whether the role requires two-factor sign-in of its holders: "Required", else `--`. */
const TWO_FACTOR_COLUMN: Column<Role> = {
  get title() {
    return identityText('twoFactorColumn');
  },
  dataIndex: 'requireTwoFactor',
  render: (required: boolean) =>
    required ? <Tag color="blue">{identityText('twoFactorRequired')}</Tag> : '--',
};

/** Name (the built-in one tagged), Code, Description, Two-factor sign-in, Status and Created. */
export const ROLE_COLUMNS: Column<Role>[] = recordColumns<Role>([TWO_FACTOR_COLUMN]).map((column) =>
  'dataIndex' in column && column.dataIndex === 'name'
    ? // The same column, so its title is still read when the table renders.
      Object.assign(column, {
        render: (name: string, role: Role) => (
          <>
            {name} {role.builtin && <Tag color="gold">{identityText('builtIn')}</Tag>}
          </>
        ),
      })
    : column,
);

/** The built-in Administrator holds everything and changes nowhere (the server refuses it too). */
export const roleLock = (role: Pick<Role, 'builtin'>) =>
  role.builtin ? say(IDENTITY_MESSAGES.builtinRole) : undefined;

/** Whether the caller may change the role at all, as the server says (delegation). */
export const roleChangeable = (role: Pick<Role, 'manageable'>) => role.manageable !== false;

/** Manage Role (spec §2): roles, their grants of permissions and resources, and a preview of each. */
export function RolePage() {
  const create = useCreateRole();
  const update = useUpdateRole();
  const setStatus = useSetRoleStatus();
  const remove = useDeleteRole();
  const canUpdate = useAllowed(need(ROLE_CODES, 'update'));
  const grants = useRowDialog<Role>();
  const preview = useRowDialog<Role>();
  const t = useIdentityT();

  return (
    <>
      <ListScreen<Role, RoleFormValues, Unscoped>
        title="Manage Role"
        names={{ one: t('roleOne'), many: t('roleMany') }}
        scope={UNSCOPED}
        fields={ROLE_SEARCH_FIELDS}
        list="roles"
        audit={{ entity: 'role' }}
        bulk={rolesBulk}
        nameOf={(role) => role.name}
        rows={rolesQueryOptions}
        rowKey="roleId"
        columns={ROLE_COLUMNS}
        create={{
          code: ROLE_CODES.create,
          save: (values) =>
            create.mutateAsync({
              ...nameCodeBody(values),
              requireTwoFactor: values.requireTwoFactor === true,
            }),
        }}
        update={{
          code: ROLE_CODES.update,
          save: (values, { roleId }) =>
            update.mutateAsync({
              roleId,
              ...nameCodeBody(values),
              requireTwoFactor: values.requireTwoFactor === true,
            }),
        }}
        toggle={{
          code: ROLE_CODES.status,
          subject: () => 'role',
          onToggle: ({ roleId }, status) => setStatus.mutateAsync({ roleId, status }),
        }}
        remove={{
          code: ROLE_CODES.delete,
          subject: 'role',
          description: () => t('roleDeleteText'),
          onDelete: ({ roleId }) => remove.mutateAsync(roleId),
        }}
        lockedFor={roleLock}
        changeable={roleChangeable}
        rowActions={[
          // Opens read-only for the built-in role, one the caller may not change, or without role:update.
          { key: 'grants', label: t('grants'), onClick: grants.show },
          { key: 'preview', label: t('previewAsRole'), onClick: preview.show },
        ]}
        form={(props) => <RoleForm {...props} />}
      />
      <RoleGrantsDialog open={grants.open} role={grants.row} editable={canUpdate} onClose={grants.close} />
      <RolePreviewDialog open={preview.open} role={preview.row} onClose={preview.close} />
    </>
  );
}
