import { describe, expect, it } from 'vitest';
import { ANCHOR_MIN_OFFSET, PageAnchors } from '../src/lib/page-anchors.ts';

const at = (position: number) => ({ position, value: `v${position}`, key: `k${position}` });

describe('PageAnchors', () => {
  it('gives the nearest anchor at or before an offset, under the changes it was found', () => {
    const anchors = new PageAnchors();
    anchors.remember('list', 7, at(2_000));
    anchors.remember('list', 7, at(5_000));
    expect(anchors.nearest('list', 4_990)).toEqual({ changes: 7, anchor: at(2_000) });
    expect(anchors.nearest('list', 5_000)).toEqual({ changes: 7, anchor: at(5_000) });
    expect(anchors.nearest('list', 9_000)).toEqual({ changes: 7, anchor: at(5_000) });
    expect(anchors.nearest('list', 1_990)).toBeUndefined();
    expect(anchors.nearest('other', 9_000)).toBeUndefined();
  });

  it('keeps nothing near the top, where an offset costs little', () => {
    const anchors = new PageAnchors();
    anchors.remember('list', 1, at(ANCHOR_MIN_OFFSET - 10));
    anchors.remember('list', 1, at(ANCHOR_MIN_OFFSET));
    expect(anchors.nearest('list', ANCHOR_MIN_OFFSET - 5)).toBeUndefined();
    expect(anchors.nearest('list', ANCHOR_MIN_OFFSET + 5)?.anchor).toEqual(at(ANCHOR_MIN_OFFSET));
  });

  it('drops every anchor of a list when one is found under other changes', () => {
    const anchors = new PageAnchors();
    anchors.remember('list', 1, at(2_000));
    anchors.remember('list', 2, at(3_000));
    expect(anchors.nearest('list', 2_500)).toBeUndefined();
    expect(anchors.nearest('list', 3_500)).toEqual({ changes: 2, anchor: at(3_000) });
  });

  it('bounds the anchors of a list and the lists it keeps', () => {
    const anchors = new PageAnchors();
    for (let i = 1; i <= 65; i++) anchors.remember('list', 1, at(i * 1_000));
    // The first of 65 went when the 65th came.
    expect(anchors.nearest('list', 1_500)).toBeUndefined();
    expect(anchors.nearest('list', 2_500)?.anchor).toEqual(at(2_000));
    for (let i = 0; i < 1_000; i++) anchors.remember(`other-${i}`, 1, at(1_000));
    expect(anchors.nearest('list', 2_500)).toBeUndefined();
    expect(anchors.nearest('other-999', 1_000)?.anchor).toEqual(at(1_000));
  });
});
