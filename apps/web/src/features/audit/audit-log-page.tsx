import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { type AuditPage, MESSAGES, PAGE_SIZES } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Select } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auditPageQueryOptions } from '@/components/audit/api/list-audit';
import '@/components/audit/messages';
import { DataTable } from '@/components/data-table';
import { FormLoadBoundary, lazyForm } from '@/components/lazy-form';
import { useKitT } from '@/components/messages';
import { PageJumper, PageList } from '@/components/pager';
import { Panel } from '@/components/panel';
import { SearchBar } from '@/components/search-bar';
import { useListState } from '@/components/use-list-state';
import { useToast } from '@/components/use-toast';
import { useHasAction } from '@/lib/access';
import { useLanguage } from '@/lib/i18n';
import { useNavTitle } from '@/lib/nav-titles';
import { auditColumns } from './audit-columns';
import { type Count, CursorTrail, countText, pagerKind } from './audit-paging';
import { AUDIT_SEARCH_FIELDS, auditFilterOf } from './audit-search';
import { ExportButton } from './components/export-button';
import { useAuditLogT } from './messages';

// A record's drawer, its diff and antd's Drawer load when the first record opens.
const RecordDrawer = lazyForm(() => import('./components/record-drawer').then((m) => m.RecordDrawer));

/** The URL parameter of the record open in the drawer, so a record can be linked. */
const RECORD_PARAM = 'auditId';

/**
 * Audit Log (/admin-setting/audit-log): the audit trail newest first, searched by keyword or
 * in Advanced Search by actor, action, entity, record, application, days, request id and IP.
 * Pages are numbered while the count is exact; past 10,000 matches the pager goes on with
 * Previous and Next from the server's cursors. A record opens in a drawer with its diff, and
 * the matches export as CSV or JSON Lines.
 */
export function AuditLogPage() {
  const t = useAuditLogT();
  const kit = useKitT();
  const shell = useTranslation().t;
  const navTitle = useNavTitle();
  const language = useLanguage();
  const readable = useHasAction()('retrieve');
  const toast = useToast();
  const list = useListState({ fields: AUDIT_SEARCH_FIELDS });
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => auditFilterOf(list.search), [list.search]);
  const searching = Object.keys(filter).length > 0;

  // The cursors the pages gave, for this search and size: a page whose cursor is known is read from it.
  const [trail] = useState(() => new CursorTrail());
  const view = JSON.stringify([filter, list.size]);
  const cursor = trail.cursorFor(view, list.page);
  const rows = useQuery({
    ...auditPageQueryOptions({ filter, page: list.page, size: list.size, cursor }),
    enabled: readable,
  });
  const answer: AuditPage | undefined = rows.data;
  useEffect(() => {
    if (answer && !rows.isPlaceholderData) trail.remember(view, list.page, answer.nextCursor);
  }, [answer, rows.isPlaceholderData, trail, view, list.page]);

  const auditId = params.get(RECORD_PARAM) ?? undefined;
  const openRecord = (id: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set(RECORD_PARAM, id);
      else next.delete(RECORD_PARAM);
      return next;
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is a dependency though unread, since the titles are read when the table draws
  const columns = useMemo(() => auditColumns(openRecord), [setParams, language]);

  const names = { one: t('recordOne'), many: t('recordMany') };
  const description = !readable
    ? shell('noPermission')
    : rows.isError
      ? kit('loadFailed', names)
      : searching
        ? kit('noMatch', names)
        : kit('none', names);

  return (
    <Panel title={navTitle('Audit Log')} extra={readable && <ExportButton filter={filter} />}>
      <SearchBar
        fields={AUDIT_SEARCH_FIELDS}
        value={list.search}
        onSearch={list.setSearch}
        onReset={list.reset}
      />
      <div style={{ marginTop: 16 }}>
        <DataTable
          label={navTitle('Audit Log')}
          columns={columns}
          rows={answer?.content ?? []}
          rowKey="auditId"
          loading={rows.isLoading || rows.isPlaceholderData}
          empty={
            <Empty description={description}>
              {rows.isError && <Button onClick={() => rows.refetch()}>{kit('retry')}</Button>}
            </Empty>
          }
        />
      </div>
      {answer && (
        <AuditPager
          count={trail.countOf(view, answer)}
          nextCursor={answer.nextCursor}
          page={list.page}
          size={list.size}
          onChange={list.setPage}
        />
      )}
      {auditId !== undefined && (
        <FormLoadBoundary
          open
          onError={() => {
            // Its code did not arrive: the connection's failure, said as the HTTP client says it.
            toast.error(MESSAGES.networkError);
            openRecord(undefined);
          }}
        >
          <Suspense fallback={null}>
            <RecordDrawer auditId={auditId} onClose={() => openRecord(undefined)} />
          </Suspense>
        </FormLoadBoundary>
      )}
    </Panel>
  );
}

type AuditPagerProps = {
  /** The matches counted; unknown on a page read from a cursor when no numbered page said. */
  count: Count | undefined;
  nextCursor: string | null;
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
};

/**
 * The count, the page size and the pages: numbered while the count is exact, else Previous,
 * the page's number and Next (and back to the first page), which go on as far as the records do.
 */
function AuditPager({ count, nextCursor, page, size, onChange }: AuditPagerProps) {
  const t = useAuditLogT();
  const kit = useKitT();
  const language = useLanguage();
  const total = count && countText(count, language);
  const pager = pagerKind(count, nextCursor, size);
  const toPage = (next: number) => onChange(next, size);
  return (
    <nav className="gh-pager" aria-label={kit('pages')}>
      {total && (
        <span className="gh-pager-total">
          {total.over ? t('totalOver', { total: total.text }) : t('total', { total: total.text })}
        </span>
      )}
      <Select
        aria-label={kit('pageSize')}
        value={size}
        options={PAGE_SIZES.map((n) => ({ label: kit('perPage', { size: n }), value: n }))}
        onChange={(nextSize: number) => onChange(1, nextSize)}
        popupMatchSelectWidth={false}
      />
      {pager.kind === 'pages' ? (
        <>
          <PageList current={page} pages={pager.pages} onChange={toPage} />
          <PageJumper pages={pager.pages} onJump={(target) => target !== page && toPage(target)} />
        </>
      ) : (
        <>
          <Button
            aria-label={t('first')}
            title={t('first')}
            icon={<VerticalRightOutlined />}
            disabled={page <= 1}
            onClick={() => toPage(1)}
          />
          <Button
            aria-label={t('previous')}
            title={t('previous')}
            icon={<LeftOutlined />}
            disabled={page <= 1}
            onClick={() => toPage(page - 1)}
          />
          <span style={{ padding: '0 8px' }}>{t('pageNumber', { page })}</span>
          <Button
            aria-label={t('next')}
            title={t('next')}
            icon={<RightOutlined />}
            disabled={!pager.hasNext}
            onClick={() => toPage(page + 1)}
          />
        </>
      )}
    </nav>
  );
}
