import { describe, expect, it } from 'vitest';
import { CursorTrail, countText, pagerKind } from './audit-paging';

describe('CursorTrail', () => {
  it('reads a page from the cursor the page before gave, and the first page by its offset', () => {
    const trail = new CursorTrail();
    const view = JSON.stringify([{ actor: 'alice' }, 20]);
    expect(trail.cursorFor(view, 1)).toBeUndefined();
    trail.remember(view, 1, 'c2');
    trail.remember(view, 2, 'c3');
    expect(trail.cursorFor(view, 2)).toBe('c2');
    expect(trail.cursorFor(view, 3)).toBe('c3');
    // Back to a page already seen: its cursor is still known.
    expect(trail.cursorFor(view, 2)).toBe('c2');
    // A page no answer led to (a number typed, a reload) is read by its offset.
    expect(trail.cursorFor(view, 7)).toBeUndefined();
  });

  it('forgets the cursors when the search or the size changes', () => {
    const trail = new CursorTrail();
    trail.remember('a', 1, 'c2');
    expect(trail.cursorFor('b', 2)).toBeUndefined();
    expect(trail.cursorFor('a', 2)).toBeUndefined();
  });

  it('learns nothing from the last page', () => {
    const trail = new CursorTrail();
    trail.remember('a', 4, null);
    expect(trail.cursorFor('a', 5)).toBeUndefined();
  });
});

describe('CursorTrail.countOf', () => {
  it("keeps a numbered page's count for the pages read from cursors, which are not counted", () => {
    const trail = new CursorTrail();
    expect(trail.countOf('a', { totalElements: 10_000, totalExact: false })).toEqual({
      totalElements: 10_000,
      totalExact: false,
    });
    expect(trail.countOf('a', { totalElements: null, totalExact: null })).toEqual({
      totalElements: 10_000,
      totalExact: false,
    });
    expect(trail.countOf('b', { totalElements: null, totalExact: null })).toBeUndefined();
  });
});

describe('pagerKind', () => {
  it('numbers the pages while the count is exact', () => {
    expect(pagerKind({ totalElements: 41, totalExact: true }, 'c', 20)).toEqual({
      kind: 'pages',
      pages: 3,
    });
    expect(pagerKind({ totalElements: 0, totalExact: true }, null, 20)).toEqual({
      kind: 'pages',
      pages: 1,
    });
  });

  it('goes on with Previous and Next past the count', () => {
    expect(pagerKind({ totalElements: 10_000, totalExact: false }, 'c', 20)).toEqual({
      kind: 'cursor',
      hasNext: true,
    });
    expect(pagerKind(undefined, null, 20)).toEqual({
      kind: 'cursor',
      hasNext: false,
    });
  });
});

describe('countText', () => {
  it('writes the count in the language, and past the limit marks it over', () => {
    expect(countText({ totalElements: 1234, totalExact: true }, 'en')).toEqual({
      text: '1,234',
      over: false,
    });
    expect(countText({ totalElements: 10_000, totalExact: false }, 'en')).toEqual({
      text: '10,000',
      over: true,
    });
  });
});
