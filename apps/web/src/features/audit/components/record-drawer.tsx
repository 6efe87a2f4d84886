import type { AuditDetail } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty } from 'antd';
import { auditRecordQueryOptions } from '@/components/audit/api/get-audit-record';
import { DiffView } from '@/components/audit/diff-view';
import { auditTime } from '@/components/audit/format';
import { useAuditT } from '@/components/audit/messages';
import { EMPTY_CELL } from '@/components/empty-cell';
import { Spinner } from '@/components/placeholders';
import { actorOf } from '../audit-columns';
import { useAuditLogT } from '../messages';

function RecordFields({ record }: { record: AuditDetail }) {
  const t = useAuditT();
  const shown = (value: string | null) => value || EMPTY_CELL;
  const items = [
    { key: 'at', label: t('at'), children: auditTime(record.at) },
    {
      key: 'actor',
      label: t('actor'),
      children: record.actorId ? `${actorOf(record, t('nobody'))} (${record.actorId})` : t('nobody'),
    },
    { key: 'action', label: t('action'), children: record.action },
    { key: 'entity', label: t('entity'), children: record.entity },
    { key: 'entityId', label: t('entityId'), children: shown(record.entityId) },
    { key: 'applicationId', label: t('applicationId'), children: shown(record.applicationId) },
    { key: 'ip', label: t('ip'), children: shown(record.ip) },
    { key: 'requestId', label: t('requestId'), children: shown(record.requestId) },
    { key: 'auditId', label: t('auditId'), children: record.auditId },
    { key: 'sealed', label: t('sealed'), children: record.sealed ? t('sealedYes') : t('sealedNo') },
  ];
  return <Descriptions size="small" column={2} bordered items={items} />;
}

/**
 * One audit record, from the Audit Log's table: its fields, then the record before and after
 * side by side with what changed highlighted. The URL names it (`auditId`), so it can be linked.
 */
export function RecordDrawer({ auditId, onClose }: { auditId: string | undefined; onClose: () => void }) {
  const t = useAuditLogT();
  const kit = useAuditT();
  const record = useQuery({ ...auditRecordQueryOptions(auditId ?? ''), enabled: auditId !== undefined });
  return (
    <Drawer
      open={auditId !== undefined}
      onClose={onClose}
      size={880}
      title={auditId ? t('record', { id: auditId }) : undefined}
      closable={{ 'aria-label': t('close') }}
    >
      {record.isPending ? (
        <Spinner label={kit('loading')} />
      ) : record.isError ? (
        <Empty description={kit('recordFailed')}>
          <Button onClick={() => record.refetch()}>{kit('retry')}</Button>
        </Empty>
      ) : (
        <>
          <RecordFields record={record.data} />
          <h3 style={{ margin: '24px 0 8px' }}>{t('comparison')}</h3>
          <DiffView record={record.data} label={t('comparison')} />
        </>
      )}
    </Drawer>
  );
}
