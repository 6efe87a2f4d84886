import type { Role } from '@gatehouse/contract';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { useIdentityT } from '../../shared/messages';
import { useRoleGrants } from '../api/role-grants';
import { RolePreview } from './role-preview';

export type RolePreviewDialogProps = { open: boolean; role: Role | undefined; onClose: () => void };

/** The navigation and buttons of a role's saved grants. */
export function RolePreviewDialog({ open, role, onClose }: RolePreviewDialogProps) {
  const grants = useRoleGrants(open && role && !role.builtin ? role.roleId : undefined);
  const t = useIdentityT();
  const body = () => {
    if (!role) return null;
    // Like the server, the built-in Administrator holds every resource, whatever it lists.
    if (role.builtin) return <RolePreview granted="all" />;
    if (grants.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (!grants.data) {
      return (
        <Empty description={t('grantsLoadFailed')}>
          <Button onClick={() => grants.refetch()}>{t('retry')}</Button>
        </Empty>
      );
    }
    return <RolePreview granted={new Set(grants.data.resources)} />;
  };
  return (
    <Modal
      open={open}
      title={t('previewAs', { name: role?.name ?? '' })}
      onCancel={onClose}
      width={760}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
}
