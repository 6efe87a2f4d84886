/**
 * Where the deep pages of an application's unfiltered list begin. A page at offset 9,000 read
 * with `OFFSET` walks 9,000 index entries before its 10 rows; read from a remembered row at or
 * before it (its anchor), it walks only the distance from there. A page remembers its first row
 * as an anchor at its offset, so a later request for it, or for a page after it, seeks.
 *
 * An anchor is valid only while the list's rows before it are the same: the kept count's
 * `changes` (migration 0013), which every insert or delete in the scope draws anew, is read in
 * the same statement as the page, and a page read from an anchor of another `changes` is read
 * again with its offset, which also drops every anchor of the scope. Only orders on columns no
 * update changes (the creation time, the key) have anchors, so an update cannot move a row
 * across one. Anchors are kept per instance; another instance's writes show in `changes`.
 */

/** Below this offset a page is read with `OFFSET`: walking so few entries costs less than remembering. */
export const ANCHOR_MIN_OFFSET = 1_000;
/** Anchors kept per list, scope and order; the oldest goes first. */
const MAX_ANCHORS_PER_LIST = 64;
/** Lists (table, scope, order) with anchors; the least recently used goes first. */
const MAX_LISTS = 1_000;

/** A row of the list and its position: the sort column's value as text, and the key. */
export type Anchor = { position: number; value: string; key: string };

type ListAnchors = { changes: number; anchors: Anchor[] };

export class PageAnchors {
  private readonly lists = new Map<string, ListAnchors>();
  /**
   * Lookups of deep pages since the start, read by the metrics: `hit` when a page was read from
   * an anchor, `stale` when the anchor's list had changed and the page was read again with its
   * offset (counted by the reader, which finds it out), `miss` when there was no anchor.
   */
  readonly lookups = { hit: 0, miss: 0, stale: 0 };

  /** The anchor nearest before `offset`, with the `changes` it was found under. */
  nearest(list: string, offset: number): { changes: number; anchor: Anchor } | undefined {
    if (offset < ANCHOR_MIN_OFFSET) return undefined;
    const kept = this.lists.get(list);
    if (!kept) {
      this.lookups.miss++;
      return undefined;
    }
    // Recently used lists stay.
    this.lists.delete(list);
    this.lists.set(list, kept);
    let best: Anchor | undefined;
    for (const anchor of kept.anchors) {
      if (anchor.position <= offset && (!best || anchor.position > best.position)) best = anchor;
    }
    if (!best) this.lookups.miss++;
    return best && { changes: kept.changes, anchor: best };
  }

  /** Remembers `anchor` under `changes`; anchors of other `changes` are dropped. */
  remember(list: string, changes: number, anchor: Anchor): void {
    if (anchor.position < ANCHOR_MIN_OFFSET) return;
    let kept = this.lists.get(list);
    if (!kept || kept.changes !== changes) {
      kept = { changes, anchors: [] };
      this.lists.delete(list);
      if (this.lists.size >= MAX_LISTS) {
        const oldest = this.lists.keys().next().value;
        if (oldest !== undefined) this.lists.delete(oldest);
      }
      this.lists.set(list, kept);
    }
    if (kept.anchors.some((a) => a.position === anchor.position)) return;
    if (kept.anchors.length >= MAX_ANCHORS_PER_LIST) kept.anchors.shift();
    kept.anchors.push(anchor);
  }
}
