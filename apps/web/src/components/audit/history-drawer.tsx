import type { AuditEntity, AuditRecord } from '@gatehouse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../list-screen/columns';
import { Spinner } from '../placeholders';
import { auditRecordQueryOptions } from './api/get-audit-record';
import { auditKey, fetchAuditPage } from './api/list-audit';
import { DiffView } from './diff-view';
import { auditTime } from './format';
import { useAuditT } from './messages';
import './audit.css';

/** Entries per request: a record's history is read newest first, the rest on demand. */
export const HISTORY_PAGE_SIZE = 20;

export type HistoryTarget = {
  entity: AuditEntity;
  entityId: string;
  /** The record as its list names it, for the title: "History of alice". */
  name: string;
};

export type HistoryDrawerProps = { target: HistoryTarget | undefined; open: boolean; onClose: () => void };

/** One entry's diff, asked for when the entry is opened. */
function EntryDiff({ record }: { record: AuditRecord }) {
  const t = useAuditT();
  const detail = useQuery(auditRecordQueryOptions(record.auditId));
  if (detail.isPending) return <Spinner label={t('loading')} />;
  if (detail.isError)
    return (
      <Empty description={t('recordFailed')}>
        <Button onClick={() => detail.refetch()}>{t('retry')}</Button>
      </Empty>
    );
  return (
    <>
      <DiffView record={detail.data} onlyChanges label={`${record.action} ${formatDateTime(record.at)}`} />
      <p className="gh-history-entry-meta">
        {t('requestId')}: {record.requestId ?? '--'} · {t('ip')}: {record.ip ?? '--'}
      </p>
    </>
  );
}

/** One entry: what was done, when and by whom; opened, the fields it changed. */
function HistoryEntry({ record }: { record: AuditRecord }) {
  const t = useAuditT();
  const [opened, setOpened] = useState(false);
  return (
    <li className="gh-history-entry">
      <details onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary className="gh-history-entry-head">
          <strong>{record.action}</strong>
          <span>{auditTime(record.at)}</span>
          <span>{record.actorName ?? record.actorId ?? t('nobody')}</span>
        </summary>
        {/* Asked for on the first opening only, then kept. */}
        {opened && (
          <div className="gh-history-entry-body">
            <EntryDiff record={record} />
          </div>
        )}
      </details>
    </li>
  );
}

/**
 * A record's History, from a list row's menu: the audit records of its entity and id, newest
 * first, each opening to the fields it changed (the server's diff). More load on demand,
 * from the last page's cursor.
 */
export default function HistoryDrawer({ target, open, onClose }: HistoryDrawerProps) {
  const t = useAuditT();
  const filter = target ? { entity: [target.entity], entityId: target.entityId } : {};
  const history = useInfiniteQuery({
    queryKey: [...auditKey, 'history', filter],
    queryFn: ({ pageParam, signal }) =>
      fetchAuditPage({ filter, page: 1, size: HISTORY_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: open && target !== undefined,
    // Reopened, the history is read again: a change made since shows.
    staleTime: 0,
  });
  const records = history.data?.pages.flatMap((page) => page.content) ?? [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={target ? t('historyOf', { name: target.name }) : undefined}
      closable={{ 'aria-label': t('close') }}
    >
      {history.isPending && open ? (
        <Spinner label={t('loading')} />
      ) : history.isError && records.length === 0 ? (
        <Empty description={t('historyFailed')}>
          <Button onClick={() => history.refetch()}>{t('retry')}</Button>
        </Empty>
      ) : records.length === 0 ? (
        <Empty description={t('historyEmpty')} />
      ) : (
        <>
          <ol className="gh-history">
            {records.map((record) => (
              <HistoryEntry key={record.auditId} record={record} />
            ))}
          </ol>
          {history.hasNextPage && (
            <Button
              block
              style={{ marginTop: 16 }}
              loading={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          )}
        </>
      )}
    </Drawer>
  );
}
