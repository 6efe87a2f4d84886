import { i18n } from '@/lib/i18n';
import type { Column } from '../data-table';
import { EMPTY_CELL } from '../empty-cell';
import '../messages';
import { StatusTag } from '../status-tag';

/** A moment written without an offset, read in local time: `2024-03-05 07:08:09.123`. */
const LOCAL_MOMENT =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * A moment of the server as dayjs reads it: without an offset in local time, otherwise as
 * `Date` does. Written out rather than imported so that dayjs stays out of every list screen.
 */
function parseMoment(value: string): Date {
  const parts = /z$/i.test(value) ? null : LOCAL_MOMENT.exec(value);
  if (!parts) return new Date(value);
  const [, year, month, day, hour, minute, second, fraction] = parts;
  return new Date(
    Number(year),
    Number(month ?? 1) - 1,
    Number(day || 1),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    Number((fraction ?? '0').slice(0, 3)),
  );
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A moment of the server (ISO 8601) as the tables show it: the day as the search writes it
 * (YYYY/MM/DD) and the minute, in local time; `--` for none.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY_CELL;
  const at = parseMoment(value);
  if (Number.isNaN(at.getTime())) return 'Invalid Date';
  const day = `${at.getFullYear()}/${twoDigits(at.getMonth() + 1)}/${twoDigits(at.getDate())}`;
  return `${day} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/** The Status column of records that have one: a green ENABLED, a red DISABLED, any other neutral. */
export function statusColumn<Row>(): Column<Row> {
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
export function dateTimeColumn<Row>(title: string, dataIndex: keyof Row & string): Column<Row> {
  return { title, dataIndex, width: 170, render: (value: string | null) => formatDateTime(value) };
}
