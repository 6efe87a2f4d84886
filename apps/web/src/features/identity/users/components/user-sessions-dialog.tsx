import { Button, Empty, Modal, Table, type TableColumnsType, Typography } from 'antd';
import { MESSAGES, type User, type UserSession } from '@gatehouse/contract';
import { dateTimeColumn } from '@/components/list-screen/columns';
import { ConfirmAction } from '@/components/confirm-action';
import { type AccessNeed, AccessDisable } from '@/lib/access';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/user-sessions';

export type UserSessionsDialogProps = {
  open: boolean;
  user: User | undefined;
  /** What ending a session needs (spec §6). */
  endNeed: AccessNeed;
  onClose: () => void;
};

/** What each session shows: where and when it signed in, when it was last used and when it expires. */
export const SESSION_COLUMNS: TableColumnsType<UserSession> = [
  dateTimeColumn<UserSession>('Signed in', 'createdDate'),
  dateTimeColumn<UserSession>('Last seen', 'lastSeenDate'),
  dateTimeColumn<UserSession>('Expires', 'expiresDate'),
  { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '--' },
  {
    title: 'Device',
    dataIndex: 'userAgent',
    ellipsis: true,
    render: (agent: string | null) =>
      agent ? <Typography.Text title={agent}>{agent}</Typography.Text> : '--',
  },
];

/** The user's live sessions; an administrator can end one, or all of them, at once. */
export function UserSessionsDialog({ open, user, endNeed, onClose }: UserSessionsDialogProps) {
  const sessions = useUserSessions(open ? user?.userId : undefined);
  const end = useEndUserSessions();

  const endSessions = async (sessionId?: string) => {
    if (user) await end.mutateAsync({ userId: user.userId, sessionId });
  };

  const columns: TableColumnsType<UserSession> = [
    ...SESSION_COLUMNS,
    {
      title: 'Action',
      key: 'action',
      width: 90,
      render: (_, session) => (
        <AccessDisable {...endNeed}>
          <ConfirmAction
            question="End this session?"
            description="Whoever uses it is signed out."
            label="End"
            success={MESSAGES.changedSuccessfully}
            danger
            onConfirm={() => endSessions(session.sessionId)}
          />
        </AccessDisable>
      ),
    },
  ];
  const rows = sessions.data ?? [];

  return (
    <Modal
      open={open}
      title={`Sessions of ${user?.username ?? ''}`}
      onCancel={onClose}
      width={960}
      footer={[
        <AccessDisable key="end-all" {...endNeed}>
          <ConfirmAction
            question="End every session of this user?"
            label="End all sessions"
            success={MESSAGES.changedSuccessfully}
            danger
            type="default"
            disabled={rows.length === 0}
            onConfirm={() => endSessions()}
          />
        </AccessDisable>,
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Table<UserSession>
        aria-label="Sessions"
        rowKey="sessionId"
        columns={columns}
        dataSource={rows}
        loading={sessions.isFetching}
        pagination={false}
        scroll={{ y: 400 }}
        locale={{
          emptyText: (
            <Empty description={sessions.isError ? 'The sessions could not be loaded.' : 'No live sessions.'}>
              {sessions.isError && <Button onClick={() => sessions.refetch()}>Retry</Button>}
            </Empty>
          ),
        }}
      />
    </Modal>
  );
}
