import { MESSAGES, type User } from '@gatehouse/contract';
import { Button, Empty, Flex } from 'antd';
import { useState } from 'react';
import { manageableUserChoicesQueryOptions } from '@/api/users';
import { ConfirmAction } from '@/components/confirm-action';
import { type Column, DataTable } from '@/components/data-table';
import { statusColumn } from '@/components/list-screen/columns';
import { PageList } from '@/components/pager';
import { RemoteSelect } from '@/components/remote-select';
import { useToast } from '@/components/use-toast';
import { AccessDisable, type AccessNeed } from '@/lib/access';
import { handingOut } from './hand-out';
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
  /** The record may not be changed at all (delegation): the members are only shown. */
  readOnly?: boolean;
  /** Why no member may be added (a group whose roles the caller may not hand out); anyone by default. */
  addRefusal?: string;
};

/** The members are all loaded at once and shown ten to a page. */
const MEMBERS_PER_PAGE = 10;

const MEMBER_COLUMNS: Column<User>[] = [
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
 * on the server to add more, and a Remove on each row that asks first. A user the caller may
 * not change can be neither added nor removed.
 */
export function MembersPanel({
  members,
  loading,
  failed,
  onRetry,
  onSave,
  need,
  of,
  readOnly = false,
  addRefusal,
}: MembersPanelProps) {
  const toast = useToast();
  const t = useIdentityT();
  const [adding, setAdding] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(1);
  const all = members ?? [];
  // Removing the last member of the last page shows the page before it.
  const current = Math.min(page, Math.max(1, Math.ceil(all.length / MEMBERS_PER_PAGE)));
  const shown = all.slice((current - 1) * MEMBERS_PER_PAGE, current * MEMBERS_PER_PAGE);
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

  const removeColumn: Column<User> = {
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
          disabled={member.manageable === false}
          title={member.manageable === false ? t('userNotManageable') : undefined}
          onConfirm={() => onSave(withoutMember(ids, member.userId))}
        />
      </AccessDisable>
    ),
  };
  const columns = readOnly ? MEMBER_COLUMNS : [...MEMBER_COLUMNS, removeColumn];

  return (
    <>
      {!readOnly && (
        <Flex gap={8} style={{ marginBottom: 16 }} title={addRefusal}>
          <RemoteSelect
            multiple
            aria-label={t('usersToAdd')}
            search={(keyword) =>
              handingOut(manageableUserChoicesQueryOptions(keyword), [], t('userNotManageable'))
            }
            exclude={ids}
            value={adding}
            onChange={setAdding}
            placeholder={t('searchUsers')}
            disabled={members === undefined || addRefusal !== undefined}
            style={{ flex: 1 }}
          />
          <AccessDisable {...need}>
            <Button
              type="primary"
              onClick={add}
              loading={saving}
              disabled={adding.length === 0 || addRefusal !== undefined}
            >
              {t('addMembers')}
            </Button>
          </AccessDisable>
        </Flex>
      )}
      <DataTable<User>
        label={t('members')}
        rowKey="userId"
        size="small"
        columns={columns}
        rows={shown}
        loading={loading}
        empty={
          <Empty description={failed ? t('membersLoadFailed') : t('noMembers')}>
            {failed && <Button onClick={onRetry}>{t('retry')}</Button>}
          </Empty>
        }
      />
      {all.length > MEMBERS_PER_PAGE && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <PageList
            small
            current={current}
            pages={Math.ceil(all.length / MEMBERS_PER_PAGE)}
            onChange={setPage}
          />
        </Flex>
      )}
    </>
  );
}
