import { AUDIT_COUNT_LIMIT } from '@gatehouse/contract';

/**
 * The cursors of one search's pages: the `nextCursor` of page n is where page n + 1 starts.
 * A page whose cursor is known is read from it, at the same cost however deep; one that is not
 * (the first, or a page reached by its number or after a reload) by its offset. The page
 * number stays in the URL; the cursors only make reading it cheap.
 */
export class CursorTrail {
  private view = '';
  private readonly cursors = new Map<number, string>();
  private counted: Count | undefined;

  /** Another search or page size starts a new trail: its cursors lead elsewhere. */
  private follow(view: string): void {
    if (view === this.view) return;
    this.view = view;
    this.cursors.clear();
    this.counted = undefined;
  }

  /**
   * The count of `view`'s matches: the answer's own, or, on a page read from a cursor (which
   * the server does not count), the last one a numbered page gave.
   */
  countOf(
    view: string,
    answer: { totalElements: number | null; totalExact: boolean | null },
  ): Count | undefined {
    this.follow(view);
    if (answer.totalElements === null || answer.totalExact === null) return this.counted;
    this.counted = { totalElements: answer.totalElements, totalExact: answer.totalExact };
    return this.counted;
  }

  /** Where page `page` of `view` starts, if a page before it said. */
  cursorFor(view: string, page: number): string | undefined {
    this.follow(view);
    return page > 1 ? this.cursors.get(page) : undefined;
  }

  /** Page `page` of `view` came back with `nextCursor`: the next page starts there. */
  remember(view: string, page: number, nextCursor: string | null): void {
    this.follow(view);
    if (nextCursor) this.cursors.set(page + 1, nextCursor);
  }
}

/** How many records match: up to AUDIT_COUNT_LIMIT, `totalExact` false past it. */
export type Count = { totalElements: number; totalExact: boolean };

/** How the pager offers the pages of an answer. */
export type PagerKind =
  /** Counted exactly: the page numbers, as every list. */
  | { kind: 'pages'; pages: number }
  /** More than the count reaches: Previous and Next, from the cursors. */
  | { kind: 'cursor'; hasNext: boolean };

export function pagerKind(count: Count | undefined, nextCursor: string | null, size: number): PagerKind {
  if (!count?.totalExact) return { kind: 'cursor', hasNext: nextCursor !== null };
  return { kind: 'pages', pages: Math.max(1, Math.ceil(count.totalElements / size)) };
}

/**
 * The count as the pager says it, in the language's digits: "1,234", or past the count's
 * limit "10,000" with `over` set (the screen writes "10,000+").
 */
export function countText(answer: Count, language: string): { text: string; over: boolean } {
  const over = !answer.totalExact;
  const count = over ? Math.max(answer.totalElements, AUDIT_COUNT_LIMIT) : answer.totalElements;
  return { text: new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en').format(count), over };
}

/** Bytes as a person reads them: 812 B, 4.2 KB, 13.0 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
