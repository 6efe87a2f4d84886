import { IDENTITY_MESSAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { decideMove, isWithin } from './move-rules';

// acme > sales > emea; acme > hr; globex (top)
const PARENTS: Record<string, string | null> = {
  acme: null,
  sales: 'acme',
  emea: 'sales',
  hr: 'acme',
  globex: null,
};
const parentOf = (id: string) => PARENTS[id];

describe('decideMove', () => {
  it('moves under the node dropped onto', () => {
    expect(decideMove({ dragged: 'hr', target: 'sales', besides: false }, parentOf)).toEqual({
      kind: 'move',
      parentId: 'sales',
    });
    expect(decideMove({ dragged: 'globex', target: 'emea', besides: false }, parentOf)).toEqual({
      kind: 'move',
      parentId: 'emea',
    });
  });

  it("dropped beside a node, joins that node's parent: the top level beside a top node", () => {
    expect(decideMove({ dragged: 'emea', target: 'hr', besides: true }, parentOf)).toEqual({
      kind: 'move',
      parentId: 'acme',
    });
    expect(decideMove({ dragged: 'sales', target: 'globex', besides: true }, parentOf)).toEqual({
      kind: 'move',
      parentId: null,
    });
  });

  it('refuses a move under itself or its own descendants', () => {
    const cycle = { kind: 'refused', reason: IDENTITY_MESSAGES.organizationCycle };
    expect(decideMove({ dragged: 'sales', target: 'sales', besides: false }, parentOf)).toEqual(cycle);
    expect(decideMove({ dragged: 'acme', target: 'emea', besides: false }, parentOf)).toEqual(cycle);
    expect(decideMove({ dragged: 'acme', target: 'emea', besides: true }, parentOf)).toEqual(cycle);
  });

  it('leaves a drop among its own siblings as it is, since siblings have no order', () => {
    expect(decideMove({ dragged: 'sales', target: 'hr', besides: true }, parentOf)).toEqual({ kind: 'stay' });
    expect(decideMove({ dragged: 'sales', target: 'acme', besides: false }, parentOf)).toEqual({
      kind: 'stay',
    });
    expect(decideMove({ dragged: 'acme', target: 'globex', besides: true }, parentOf)).toEqual({
      kind: 'stay',
    });
  });

  it('refuses a place it cannot know', () => {
    expect(decideMove({ dragged: 'sales', target: 'unloaded', besides: true }, parentOf)).toMatchObject({
      kind: 'refused',
    });
  });
});

describe('isWithin', () => {
  it('follows the parents up, and stops at a loop', () => {
    expect(isWithin('emea', 'acme', parentOf)).toBe(true);
    expect(isWithin('hr', 'sales', parentOf)).toBe(false);
    expect(isWithin('a', 'z', (id) => (id === 'a' ? 'b' : 'a'))).toBe(false);
  });
});
