import { describe, expect, it } from 'vitest';
import { filterRows } from './filter-rows';
import { emptyDescription } from './list-screen';

const names = { one: 'data access', many: 'data accesses' };
const none = { failed: false, filteredOut: false, searching: false };

describe('emptyDescription', () => {
  it('says why the table is empty, the failure first', () => {
    expect(emptyDescription(names, none)).toBe('No data accesses yet.');
    expect(emptyDescription(names, { ...none, searching: true })).toBe('No data access matches the search.');
    expect(emptyDescription(names, { ...none, searching: true, filteredOut: true })).toBe(
      'No row on this page matches the filter.',
    );
    expect(emptyDescription(names, { failed: true, searching: true, filteredOut: true })).toBe(
      'The data accesses could not be loaded.',
    );
  });
});

describe('filterRows ("Type to search")', () => {
  const rows = [
    { name: 'Orders', id: 'orders', category: 'billing', order: 1 },
    { name: 'Invoices', id: 'inv', category: null, order: 2 },
  ];

  it('keeps the rows whose given fields contain the text, in any case', () => {
    expect(filterRows(rows, 'BILL', ['name', 'category'])).toEqual([rows[0]]);
    expect(filterRows(rows, ' inv ', ['id'])).toEqual([rows[1]]);
  });

  it('keeps every row for a blank text, and matches only text fields', () => {
    expect(filterRows(rows, '  ', ['name'])).toBe(rows);
    expect(filterRows(rows, '2', ['order', 'category'])).toEqual([]);
  });
});
