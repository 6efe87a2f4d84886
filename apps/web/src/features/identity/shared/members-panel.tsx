import { Button, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { MESSAGES, type User } from '@gatehouse/contract';
import { ConfirmAction } from '@/components/confirm-action';
import { statusColumn } from '@/components/list-screen/columns';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { type AccessNeed, AccessDisable } from '@/lib/access';
import { userChoicesQueryOptions } from './api/user-choices';
import { identityText, useIdentityT } from './messages';

/** The member list after adding `added` (each once) or removing `removed`. */
export function withMembers(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])];
}
export function withoutMember(current: readonly string[], removed: string): string[] {
  return current.filter((id) => id !== removed);
}

export type MembersPanelProps = {
  /** Every member; undefined while loading. */
  members: User[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** Replaces the member list with `userIds`. */
  onSave: (userIds: string[]) => Promise<unknown>;
  /** What adding and removing need (spec §6). */
  need: AccessNeed;
  /** What the members belong to, for the removal prompt: "Remove this member from the group?". */
  of: 'group' | 'organization';
};

const MEMBER_COLUMNS: TableColumnsType<User> = [
  {
    get title() {
      return identityText('username');
    },
    dataIndex: 'username',
    ellipsis: true,
  },
  {
    get title() {
      return identityText('name');
    },
    dataIndex: 'name',
    ellipsis: true,
  },
  {
    get title() {
      return identityText('email');
    },
    dataIndex: 'email',
    ellipsis: true,
  },
  statusColumn<User>(),
];

/**
 * The members of a group or organization: a table of them, a picker that searches the users
 * on the server to add more, and a Remove on each row that asks first.
 */
export function MembersPanel({ members, loading, failed, onRetry, onSave, need, of }: MembersPanelProps) {
  const toast = useToast();
  const t = useIdentityT();
  const [adding, setAdding] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const ids = (members ?? []).map((m) => m.userId);

  const add = async () => {
    setSaving(true);
    try {
      await onSave(withMembers(ids, adding));
      setAdding([]);
      toast.success(MESSAGES.savedSuccessfully);
    } catch (error) {
      // The HTTP client has shown the failure.
      console.debug('Adding members failed', error);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<User> = [
    ...MEMBER_COLUMNS,
    {
      title: t('action'),
      key: 'action',
      width: 100,
      render: (_, member) => (
        <AccessDisable {...need}>
          <ConfirmAction
            question={t(of === 'group' ? 'removeMemberOfGroup' : 'removeMemberOfOrganization')}
            label={t('remove')}
            success={MESSAGES.savedSuccessfully}
            danger
            onConfirm={() => onSave(withoutMember(ids, member.userId))}
          />
        </AccessDisable>
      ),
    },
  ];

  return (
    <>
      <Flex gap={8} style={{ marginBottom: 16 }}>
        <RemoteSelect
          multiple
          aria-label={t('usersToAdd')}
          search={userChoicesQueryOptions}
          exclude={ids}
          value={adding}
          onChange={setAdding}
          placeholder={t('searchUsers')}
          disabled={members === undefined}
          style={{ flex: 1 }}
        />
        <AccessDisable {...need}>
          <Button type="primary" onClick={add} loading={saving} disabled={adding.length === 0}>
            {t('addMembers')}
          </Button>
        </AccessDisable>
      </Flex>
      <Table<User>
        aria-label={t('members')}
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={members ?? []}
        loading={loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{
          emptyText: (
            <Empty description={failed ? t('membersLoadFailed') : t('noMembers')}>
              {failed && <Button onClick={onRetry}>{t('retry')}</Button>}
            </Empty>
          ),
        }}
      />
    </>
  );
}
