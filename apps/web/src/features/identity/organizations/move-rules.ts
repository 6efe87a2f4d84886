import { IDENTITY_MESSAGES, type Message } from '@gatehouse/contract';
import { identityText } from '../shared/messages';

/** Where an organization was dropped in the tree, as antd's `onDrop` tells it. */
export type Drop = {
  /** The organization dragged. */
  dragged: string;
  /** The node it was dropped on or beside. */
  target: string;
  /** True when dropped between nodes (beside `target`), false when dropped onto it. */
  besides: boolean;
};

/** Where each loaded organization sits: its parent, null at the top, undefined when unknown. */
export type ParentOf = (organizationId: string) => string | null | undefined;

export type MoveDecision =
  | { kind: 'move'; parentId: string | null }
  /** It stays where it is: organizations have no order among their siblings. */
  | { kind: 'stay' }
  | { kind: 'refused'; reason: Message | string };

/** Whether `node` is `ancestor` or sits somewhere below it, as far as the loaded tree tells. */
export function isWithin(node: string, ancestor: string, parentOf: ParentOf): boolean {
  const seen = new Set<string>();
  for (let at: string | null | undefined = node; at; at = parentOf(at)) {
    if (at === ancestor) return true;
    // A loop in the data would otherwise never end.
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}

/**
 * What a drop means. Dropped onto a node, the organization moves under it; dropped beside
 * one, it joins that node's parent (the top level for a top node). It cannot move under
 * itself or its own descendants (the server refuses that too), and a drop among its own
 * siblings changes nothing, since siblings have no order.
 */
export function decideMove({ dragged, target, besides }: Drop, parentOf: ParentOf): MoveDecision {
  const parentId = besides ? parentOf(target) : target;
  if (parentId === undefined) return { kind: 'refused', reason: identityText('openTreeToMove') };
  if (parentId !== null && isWithin(parentId, dragged, parentOf)) {
    return { kind: 'refused', reason: IDENTITY_MESSAGES.organizationCycle };
  }
  if (parentId === parentOf(dragged)) return { kind: 'stay' };
  return { kind: 'move', parentId };
}
