import type { AuditRecord } from '@gatehouse/contract';
import { Button } from 'antd';
import { auditTime } from '@/components/audit/format';
import { auditText } from '@/components/audit/messages';
import type { Column } from '@/components/data-table';
import { auditLogText } from './messages';

/** Who made a change: the username, else the user id, else nobody signed in (the system). */
export const actorOf = (record: { actorName: string | null; actorId: string | null }, nobody: string) =>
  record.actorName ?? record.actorId ?? nobody;

/** A column whose title is read when the table draws, so it follows the language. */
const column = (
  key: 'at' | 'actor' | 'action' | 'entity' | 'entityId' | 'applicationId' | 'ip' | 'requestId',
  extra: Column<AuditRecord> = {},
): Column<AuditRecord> =>
  Object.defineProperty({ key, dataIndex: key, ...extra }, 'title', {
    get: () => auditText(key),
    enumerable: true,
  });

/**
 * Time, actor, action, entity, record, application, IP and request id. The time opens the
 * record (`open`), its fields and its diff.
 */
export function auditColumns(open: (auditId: string) => void): Column<AuditRecord>[] {
  return [
    column('at', {
      width: 190,
      render: (_, record) => {
        const time = auditTime(record.at);
        return (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={auditLogText('openRecord', { time })}
            onClick={() => open(record.auditId)}
          >
            {time}
          </Button>
        );
      },
    }),
    column('actor', { render: (_, record) => actorOf(record, auditText('nobody')) }),
    column('action', { width: 150 }),
    column('entity', { width: 150 }),
    column('entityId', { ellipsis: true }),
    column('applicationId', { width: 140 }),
    column('ip', { width: 130 }),
    column('requestId', { ellipsis: true }),
  ];
}
