import type { AuditChange } from '@gatehouse/contract';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/**
 * What changed between a record's before and after: one entry per changed leaf, by dotted
 * path. Objects are compared field by field; a list, or a value that changes kind, is one
 * change as a whole (a role's grants read better as the list before and after than as
 * shifted positions). A field absent on one side shows as null there. Values are the stored
 * ones, so a secret shows redacted on both sides.
 */
export function diffOf(before: unknown, after: unknown, path = ''): AuditChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffOf(before[k] ?? null, after[k] ?? null, path ? `${path}.${k}` : k));
  }
  if (path === '' && (isPlainObject(before) || isPlainObject(after))) {
    // A creation or a deletion: each field of the side that exists.
    const side = (isPlainObject(after) ? after : before) as Record<string, unknown>;
    const created = isPlainObject(after);
    return Object.keys(side)
      .sort()
      .map((k) => ({
        path: k,
        before: created ? null : (side[k] ?? null),
        after: created ? (side[k] ?? null) : null,
      }));
  }
  if (sameValue(before, after)) return [];
  return [{ path, before: before ?? null, after: after ?? null }];
}
