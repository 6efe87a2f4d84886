import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { i18n } from '@/lib/i18n';
import { EMPTY_CELL } from '../empty-cell';
import '../messages';
import { StatusTag } from '../status-tag';

/** How the tables show a moment: the day as the search writes it, and the minute. */
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';

/** A moment of the server (ISO 8601) as the tables show it; `--` for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : EMPTY_CELL;
}

/** The Status column of records that have one: a green ENABLED, a red DISABLED, any other neutral. */
export function statusColumn<Row>(): TableColumnType<Row> {
  return {
    // Read when the table renders, so a column list made once per module follows the language.
    get title() {
      return i18n.t('kit:status');
    },
    dataIndex: 'status',
    width: 110,
    render: (status: string | null) => <StatusTag status={status} />,
  };
}

/** A column of moments, such as Created or Last sign-in. */
export function dateTimeColumn<Row>(title: string, dataIndex: keyof Row & string): TableColumnType<Row> {
  return { title, dataIndex, width: 170, render: (value: string | null) => formatDateTime(value) };
}
