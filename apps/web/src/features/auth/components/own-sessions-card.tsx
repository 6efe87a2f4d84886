import type { OwnSession } from '@gatehouse/contract';
import { Card, Tag } from 'antd';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { useEndOwnSession, useOwnSessions } from '../api/own-sessions';
import { deviceName } from '../device';
import { usePasswordMessages } from '../messages';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The signed-in user's sessions: device, IP, last activity, this device marked. Each can be
 * ended after a confirm; ending this device's calls `onSignedOut`.
 */
export function OwnSessionsCard({ onSignedOut }: { onSignedOut: () => void }) {
  const t = usePasswordMessages();
  const { data, isPending } = useOwnSessions();
  const end = useEndOwnSession();

  return (
    <Card type="inner" title={t('sessionsSection')}>
      <p>{t('sessionsIntro')}</p>
      <DataTable<OwnSession>
        rowKey="sessionId"
        size="small"
        loading={isPending}
        rows={data ?? []}
        columns={[
          {
            title: t('device'),
            key: 'device',
            render: (_, s) => (
              <span title={s.userAgent ?? undefined}>
                {deviceName(s.userAgent) ?? t('unknownDevice')}{' '}
                {s.current && <Tag color="blue">{t('thisDevice')}</Tag>}
              </span>
            ),
          },
          { title: t('ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '--' },
          { title: t('lastSeen'), dataIndex: 'lastSeenDate', render: when },
          { title: t('signedInAt'), dataIndex: 'createdDate', render: when },
          {
            title: '',
            key: 'action',
            render: (_, s) => (
              <ConfirmAction
                question={s.current ? t('endCurrentConfirm') : t('endSessionConfirm')}
                description={t('endSessionText')}
                label={t('endSession')}
                success={t('sessionEnded')}
                danger
                onConfirm={async () => {
                  const result = await end.mutateAsync(s.sessionId);
                  if (result.current) onSignedOut();
                }}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
