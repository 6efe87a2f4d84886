import { Button, Empty, Modal, Skeleton } from 'antd';
import type { Role } from '@gatehouse/contract';
import { useRoleGrants } from '../api/role-grants';
import { RolePreview } from './role-preview';

export type RolePreviewDialogProps = { open: boolean; role: Role | undefined; onClose: () => void };

/** The navigation and buttons of a role's saved grants. */
export function RolePreviewDialog({ open, role, onClose }: RolePreviewDialogProps) {
  const grants = useRoleGrants(open && role && !role.builtin ? role.roleId : undefined);
  const body = () => {
    if (!role) return null;
    // Like the server, the built-in Administrator holds every resource, whatever it lists.
    if (role.builtin) return <RolePreview granted="all" />;
    if (grants.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (!grants.data) {
      return (
        <Empty description="The role's grants could not be loaded.">
          <Button onClick={() => grants.refetch()}>Retry</Button>
        </Empty>
      );
    }
    return <RolePreview granted={new Set(grants.data.resources)} />;
  };
  return (
    <Modal
      open={open}
      title={`Preview as ${role?.name ?? ''}`}
      onCancel={onClose}
      width={760}
      footer={<Button onClick={onClose}>Close</Button>}
      destroyOnHidden
    >
      {body()}
    </Modal>
  );
}
