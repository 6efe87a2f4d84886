import type { BulkAction } from '@gatehouse/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useKitT } from '../messages';
import { offersAllMatching, type Selection, selectedCount } from '../table-state';
import './bulk-bar.css';
// The Chinese of the refusals and limits its requests may meet.

export type BulkBarProps = {
  selection: Selection;
  onChange: (next: Selection) => void;
  /** The keys of the page's rows. */
  pageKeys: readonly string[];
  /** How many rows match the search, on every page. */
  total: number;
  /** The actions offered (the role's and the entity's); export is always there. */
  actions: readonly BulkAction[];
  /** What the screen calls its records, for the confirm: "users". */
  many: string;
  run: (action: BulkAction) => Promise<unknown>;
  exportCsv: () => Promise<unknown>;
};

/**
 * The bar over a table with rows selected: how many (announced to screen readers), "select
 * all N matching" once the page is selected whole, and the actions, each asking first with
 * the count. An action on all matching rows is the server's: it acts on every row matching the
 * search when it runs.
 */
export function BulkBar({
  selection,
  onChange,
  pageKeys,
  total,
  actions,
  many,
  run,
  exportCsv,
}: BulkBarProps) {
  const t = useKitT();
  const [busy, setBusy] = useState<BulkAction | 'export' | null>(null);
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  const act = async (what: BulkAction | 'export', work: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await work();
    } catch (error) {
      // The HTTP client has shown the failure, with the row the server named.
      console.debug('The bulk action failed', error);
    } finally {
      setBusy(null);
    }
  };
  const ask = async (action: BulkAction) => {
    const verb = t(action);
    // antd's Modal comes with the first question, not with every list (the size budget).
    const { confirmDialog } = await import('../confirm-dialog');
    confirmDialog({
      title: t('confirmBulk', { action: verb, count, many }),
      content: selection.allMatching ? t('confirmBulkAll') : undefined,
      okText: verb,
      okButtonProps: action === 'delete' ? { danger: true } : undefined,
      cancelText: t('cancel'),
      onOk: () => act(action, () => run(action)),
    });
  };
  return (
    <section className="gh-bulk-bar" aria-label={t('bulkActions')}>
      <span role="status" aria-live="polite" className="gh-bulk-count">
        {t('selected', { count })}
      </span>
      {selection.allMatching ? (
        <span>{t('allMatchingSelected', { count: total })}</span>
      ) : (
        offersAllMatching(selection, pageKeys, total) && (
          <>
            <span>{t('pageSelected', { count: pageKeys.length })}</span>
            <Button type="link" size="small" onClick={() => onChange({ ...selection, allMatching: true })}>
              {t('selectAllMatching', { count: total })}
            </Button>
          </>
        )
      )}
      <Button type="link" size="small" onClick={() => onChange({ keys: new Set(), allMatching: false })}>
        {t('clearSelection')}
      </Button>
      <span className="gh-bulk-actions">
        {actions.map((action) => (
          <Button
            key={action}
            size="small"
            danger={action === 'delete'}
            loading={busy === action}
            disabled={busy !== null}
            onClick={() => void ask(action)}
          >
            {t(action)}
          </Button>
        ))}
        <Button
          size="small"
          loading={busy === 'export'}
          disabled={busy !== null}
          onClick={() => act('export', exportCsv)}
        >
          {t('exportCsv')}
        </Button>
      </span>
    </section>
  );
}
