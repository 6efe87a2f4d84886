import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  clampWidth,
  EMPTY_PREFERENCE,
  nextSort,
  offersAllMatching,
  rowSelectionOf,
  selectedCount,
  selectionFrom,
  sortFromSorting,
  sortingOf,
  withVisibility,
  withWidth,
} from './table-state';

describe('the kit table state', () => {
  it('turns the URL sort into TanStack sorting and a header click into the next sort', () => {
    expect(sortingOf(undefined)).toEqual([]);
    expect(sortingOf({ field: 'createdDate', direction: 'desc' })).toEqual([]);
    expect(sortingOf({ field: 'name', direction: 'asc' })).toEqual([{ id: 'name', desc: false }]);
    expect(sortFromSorting([{ id: 'name', desc: true }])).toEqual({ field: 'name', direction: 'desc' });
    expect(sortFromSorting([])).toBeUndefined();
    expect(nextSort(undefined, 'name')).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSort({ field: 'name', direction: 'asc' }, 'name')).toEqual({
      field: 'name',
      direction: 'desc',
    });
    expect(nextSort({ field: 'name', direction: 'desc' }, 'name')).toBeUndefined();
    expect(nextSort({ field: 'name', direction: 'desc' }, 'id')).toEqual({ field: 'id', direction: 'asc' });
    expect(ariaSort({ field: 'name', direction: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSort({ field: 'name', direction: 'asc' }, 'id')).toBe('none');
  });

  it('selects rows by key, offers all matching once the page is whole, and counts what an action reaches', () => {
    const picked = selectionFrom({ a: true, b: false, c: true });
    expect([...picked.keys]).toEqual(['a', 'c']);
    expect(rowSelectionOf(picked.keys)).toEqual({ a: true, c: true });
    expect(offersAllMatching(picked, ['a', 'c'], 12)).toBe(true);
    expect(offersAllMatching(picked, ['a', 'b', 'c'], 12)).toBe(false);
    expect(offersAllMatching(picked, ['a', 'c'], 2)).toBe(false);
    expect(selectedCount(picked, 12)).toBe(2);
    expect(selectedCount({ ...picked, allMatching: true }, 12)).toBe(12);
    expect(offersAllMatching({ ...picked, allMatching: true }, ['a', 'c'], 12)).toBe(false);
  });

  it('keeps the last shown column and clamps dragged widths', () => {
    const hideable = ['name', 'email'];
    const one = withVisibility(EMPTY_PREFERENCE, 'email', false, hideable);
    expect(one.hidden).toEqual(['email']);
    expect(withVisibility(one, 'name', false, hideable).hidden).toEqual(['email']);
    expect(withVisibility(one, 'email', true, hideable).hidden).toEqual([]);
    expect(withWidth(EMPTY_PREFERENCE, 'name', 10).widths).toEqual({ name: 60 });
    expect(clampWidth(5000)).toBe(1200);
  });
});
