import { EMPTY_CELL } from './empty-cell';
import { useKitT } from './messages';
import { RowTag } from './row-controls';

export type StatusTagProps = {
  /** ENABLED and DISABLED get their colours; any other value is shown as it is, neutrally. */
  status: string | null | undefined;
};

export function StatusTag({ status }: StatusTagProps) {
  const t = useKitT();
  if (status === 'ENABLED') return <RowTag colour="green">{t('enabled')}</RowTag>;
  if (status === 'DISABLED') return <RowTag colour="red">{t('disabled')}</RowTag>;
  // An empty status reads like any other empty cell rather than as an empty tag.
  if (!status) return EMPTY_CELL;
  return <RowTag>{status}</RowTag>;
}
