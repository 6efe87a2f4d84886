import { describe, expect, it } from 'vitest';
import { dateTimeColumn, formatDateTime, statusColumn } from './columns';

describe('column builders', () => {
  it('formats moments to the minute and shows -- for none', () => {
    expect(formatDateTime('2024-03-05T07:08:00')).toBe('2024/03/05 07:08');
    expect(formatDateTime(null)).toBe('--');
    // Without an offset a moment is local time, with one it is converted to local time.
    expect(formatDateTime('2024-03-05 07:08:09.123')).toBe('2024/03/05 07:08');
    const utc = new Date(Date.UTC(2024, 11, 31, 23, 59));
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(utc.toISOString())).toBe(
      `${utc.getFullYear()}/${pad(utc.getMonth() + 1)}/${pad(utc.getDate())} ${pad(utc.getHours())}:${pad(utc.getMinutes())}`,
    );
    const column = dateTimeColumn<{ lastSignInDate: string | null }>('Last sign-in', 'lastSignInDate');
    expect(column).toMatchObject({ title: 'Last sign-in', dataIndex: 'lastSignInDate' });
    expect(column.render?.(null, { lastSignInDate: null }, 0)).toBe('--');
  });

  it('gives the Status column its tag', () => {
    const column = statusColumn<{ status: string }>();
    expect(column).toMatchObject({ title: 'Status', dataIndex: 'status', width: 110 });
    expect(column.render?.('ENABLED', { status: 'ENABLED' }, 0)).toBeTruthy();
  });
});
