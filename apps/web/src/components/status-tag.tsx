import { Tag } from 'antd';
import { EMPTY_CELL } from './empty-cell';

export type StatusTagProps = {
  /** ENABLED and DISABLED get their colours; any other value is shown as it is, neutrally. */
  status: string | null | undefined;
};

export function StatusTag({ status }: StatusTagProps) {
  if (status === 'ENABLED') return <Tag color="green">ENABLED</Tag>;
  if (status === 'DISABLED') return <Tag color="red">DISABLED</Tag>;
  // An empty status reads like any other empty cell rather than as an empty tag.
  if (!status) return EMPTY_CELL;
  return <Tag>{status}</Tag>;
}
