import { MESSAGES, type User, type UserSession } from '@gatehouse/contract';
import { Button, Empty, Modal, Typography } from 'antd';
import { ConfirmAction } from '@/components/confirm-action';
import { type Column, DataTable } from '@/components/data-table';
import { dateTimeColumn } from '@/components/list-screen/columns';
import { AccessDisable, type AccessNeed } from '@/lib/access';
import { identityText, useIdentityT, withText } from '../../shared/messages';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/user-sessions';

export type UserSessionsDialogProps = {
  open: boolean;
  user: User | undefined;
  /** What ending a session needs (spec §6). */
  endNeed: AccessNeed;
  /** Whether the caller may change the account; where not, the sessions are only shown. */
  endable: boolean;
  onClose: () => void;
};

/** What each session shows: where and when it signed in, when it was last used and when it expires. */
export const SESSION_COLUMNS: Column<UserSession>[] = [
  withText('title', 'signedIn', dateTimeColumn<UserSession>('', 'createdDate')),
  withText('title', 'lastSeen', dateTimeColumn<UserSession>('', 'lastSeenDate')),
  withText('title', 'expires', dateTimeColumn<UserSession>('', 'expiresDate')),
  withText('title', 'ip', { dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '--' }),
  {
    get title() {
      return identityText('device');
    },
    dataIndex: 'userAgent',
    ellipsis: true,
    render: (agent: string | null) =>
      agent ? <Typography.Text title={agent}>{agent}</Typography.Text> : '--',
  },
];

/**
 * The user's live sessions; an administrator can end one, or all of them, at once, unless the
 * account is beyond what they may change.
 */
export function UserSessionsDialog({ open, user, endNeed, endable, onClose }: UserSessionsDialogProps) {
  const sessions = useUserSessions(open ? user?.userId : undefined);
  const end = useEndUserSessions();
  const t = useIdentityT();

  const endSessions = async (sessionId?: string) => {
    if (user) await end.mutateAsync({ userId: user.userId, sessionId });
  };

  const endColumn: Column<UserSession> = {
    title: t('action'),
    key: 'action',
    width: 90,
    render: (_, session) => (
      <AccessDisable {...endNeed}>
        <ConfirmAction
          question={t('endSessionQuestion')}
          description={t('endSessionText')}
          label={t('end')}
          success={MESSAGES.changedSuccessfully}
          danger
          onConfirm={() => endSessions(session.sessionId)}
        />
      </AccessDisable>
    ),
  };
  const columns: Column<UserSession>[] = endable ? [...SESSION_COLUMNS, endColumn] : SESSION_COLUMNS;
  const rows = sessions.data ?? [];

  return (
    <Modal
      open={open}
      title={t('sessionsOf', { name: user?.username ?? '' })}
      onCancel={onClose}
      width={960}
      footer={[
        endable && (
          <AccessDisable key="end-all" {...endNeed}>
            <ConfirmAction
              question={t('endAllQuestion')}
              description={t('endAllText')}
              label={t('endAll')}
              success={MESSAGES.changedSuccessfully}
              danger
              type="default"
              disabled={rows.length === 0}
              onConfirm={() => endSessions()}
            />
          </AccessDisable>
        ),
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      <DataTable<UserSession>
        label={t('sessions')}
        rowKey="sessionId"
        columns={columns}
        rows={rows}
        loading={sessions.isFetching}
        maxHeight={400}
        empty={
          <Empty description={sessions.isError ? t('sessionsLoadFailed') : t('noSessions')}>
            {sessions.isError && <Button onClick={() => sessions.refetch()}>{t('retry')}</Button>}
          </Empty>
        }
      />
    </Modal>
  );
}
