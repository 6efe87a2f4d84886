import type { Group } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import type { AccessNeed } from '@/lib/access';
import { MembersPanel } from '../../shared/members-panel';
import { useIdentityT } from '../../shared/messages';
import { membersQueryOptions } from '../../users/api/list-users';
import { useSetGroupMembers } from '../api/set-group-members';

export type GroupMembersDialogProps = {
  open: boolean;
  group: Group | undefined;
  /** What adding and removing members need (spec §6). */
  need: AccessNeed;
  onClose: () => void;
};

/**
 * The members of a group, who hold its roles while it is enabled; only shown when the caller
 * may not change the group.
 */
export function GroupMembersDialog({ open, group, need, onClose }: GroupMembersDialogProps) {
  const groupId = group?.groupId ?? '';
  const members = useQuery({ ...membersQueryOptions({ groupId }), enabled: open && group !== undefined });
  const save = useSetGroupMembers();
  const t = useIdentityT();
  return (
    <Modal
      open={open}
      title={t('membersOf', { name: group?.name ?? '' })}
      onCancel={onClose}
      width={800}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      // Users picked to add to one group are not offered to the next.
      destroyOnHidden
    >
      <MembersPanel
        members={members.data}
        loading={members.isFetching}
        failed={members.isError}
        onRetry={() => members.refetch()}
        onSave={(userIds) => save.mutateAsync({ groupId, userIds })}
        need={need}
        of="group"
        readOnly={group?.manageable === false}
        // A member added gains the group's roles, which the caller must be able to hand out.
        addRefusal={group?.assignable === false ? t('groupNotAssignable') : undefined}
      />
    </Modal>
  );
}
