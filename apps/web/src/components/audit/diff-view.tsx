import type { AuditChange } from '@gatehouse/contract';
import { type ChangeKind, compareFields, valueText } from './diff';
import { useAuditT } from './messages';
import './audit.css';

export type DiffViewProps = {
  record: { before: unknown; after: unknown; diff: AuditChange[] };
  /** The changed fields alone (a History entry); every field by default. */
  onlyChanges?: boolean;
  /** The table's accessible name. */
  label?: string;
};

function Value({ value, side, change }: { value: unknown; side: 'before' | 'after'; change: ChangeKind }) {
  const t = useAuditT();
  const shown = valueText(value);
  const className = [
    'gh-diff-value',
    shown.empty ? 'gh-diff-empty' : '',
    shown.block ? 'gh-diff-block' : '',
    change !== 'same' ? `gh-diff-${side}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  // A redacted secret reads `[redacted]`, as stored, and says why on hover.
  return (
    <td className={className}>
      {shown.redacted ? (
        <span className="gh-diff-redacted" title={t('redacted')}>
          {shown.text}
        </span>
      ) : (
        shown.text
      )}
    </td>
  );
}

/**
 * A record before and after, side by side: one row per field by dotted path, the fields the
 * server's diff names highlighted and marked added, removed or changed. Secrets show as the
 * server stored them, `[redacted]`.
 */
export function DiffView({ record, onlyChanges = false, label }: DiffViewProps) {
  const t = useAuditT();
  const rows = compareFields(record, { onlyChanges });
  if (rows.length === 0) return <p className="gh-diff-none">{t('noChanges')}</p>;
  return (
    <div className="gh-diff-scroll">
      <table className="gh-diff" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t('field')}</th>
            <th scope="col">{t('before')}</th>
            <th scope="col">{t('after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.path}
              className={row.change === 'same' ? 'gh-diff-row' : `gh-diff-row gh-diff-${row.change}`}
              data-change={row.change}
            >
              <th scope="row" className="gh-diff-path">
                {row.path === '' ? t('rootValue') : row.path}
                {row.change !== 'same' && <span className="gh-diff-mark">{t(row.change)}</span>}
              </th>
              <Value value={row.before} side="before" change={row.change} />
              <Value value={row.after} side="after" change={row.change} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
