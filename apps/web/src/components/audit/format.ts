import { formatDateTime } from '../list-screen/columns';

/**
 * An audit record's time (ISO 8601, UTC) as the audit screens show it: the tables' day and
 * minute, then the second, in local time, since changes made in one minute are told apart by it.
 */
export function auditTime(at: string): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) return formatDateTime(at);
  return `${formatDateTime(at)}:${String(moment.getSeconds()).padStart(2, '0')}`;
}
