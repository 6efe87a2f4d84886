import { Tag } from 'antd';
import { EMPTY_CELL } from './empty-cell';
import { useKitT } from './messages';

export type StatusTagProps = {
  /** ENABLED and DISABLED get their colours; any other value is shown as it is, neutrally. */
  status: string | null | undefined;
};

export function StatusTag({ status }: StatusTagProps) {
  const t = useKitT();
  if (status === 'ENABLED') return <Tag color="green">{t('enabled')}</Tag>;
  if (status === 'DISABLED') return <Tag color="red">{t('disabled')}</Tag>;
  // An empty status reads like any other empty cell rather than as an empty tag.
  if (!status) return EMPTY_CELL;
  return <Tag>{status}</Tag>;
}
