import type { AuditChange } from '@gatehouse/contract';
import { EMPTY_CELL } from '../empty-cell';

/** What the server stores in place of a secret (apps/server/src/lib/audit.ts): shown as it is. */
export const REDACTED = '[redacted]';

/** How one row of the comparison changed: the server's diff decides, never the console. */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'same';

/** One field of a record, before and after, as the side-by-side view shows it. */
export type ComparedField = { path: string; before: unknown; after: unknown; change: ChangeKind };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A record's fields by dotted path, as the server's diff names them: objects are opened
 * field by field, a list or any other value is one field as a whole.
 */
export function fieldsOf(value: unknown, path = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value) && (path === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) fieldsOf(inner, path ? `${path}.${key}` : key, into);
  } else if (value !== undefined && (path !== '' || value !== null)) {
    into.set(path, value);
  }
  return into;
}

function kindOf(change: AuditChange): ChangeKind {
  const hadBefore = change.before !== null && change.before !== undefined;
  const hasAfter = change.after !== null && change.after !== undefined;
  if (!hadBefore && hasAfter) return 'added';
  if (hadBefore && !hasAfter) return 'removed';
  return 'changed';
}

/**
 * Every field of the record before and after, side by side, in path order. A field the
 * server's diff names is marked added, removed or changed, with the diff's values; every
 * other field is the same on both sides. With `onlyChanges`, the diff's fields alone.
 */
export function compareFields(
  record: { before: unknown; after: unknown; diff: AuditChange[] },
  { onlyChanges = false }: { onlyChanges?: boolean } = {},
): ComparedField[] {
  const changed = new Map(record.diff.map((change) => [change.path, change]));
  const before = onlyChanges ? new Map<string, unknown>() : fieldsOf(record.before);
  const after = onlyChanges ? new Map<string, unknown>() : fieldsOf(record.after);
  // The diff names a field whole where one side is not an object (a creation's fields, an
  // object that was null): the parts of it, or what holds it, are not rows of their own.
  const within = (inner: string, outer: string) => outer === '' || inner.startsWith(`${outer}.`);
  const covered = (path: string) =>
    !changed.has(path) && [...changed.keys()].some((d) => within(path, d) || within(d, path));
  const paths = [...new Set([...before.keys(), ...after.keys(), ...changed.keys()])]
    .filter((path) => !covered(path))
    .sort();
  return paths.map((path) => {
    const change = changed.get(path);
    if (change)
      return { path, before: change.before ?? null, after: change.after ?? null, change: kindOf(change) };
    return { path, before: before.get(path) ?? null, after: after.get(path) ?? null, change: 'same' };
  });
}

/** A value as the comparison writes it. */
export type ValueText = {
  text: string;
  /** No value: `--`. */
  empty: boolean;
  /** A secret the server redacted: the text is `[redacted]` and nothing else. */
  redacted: boolean;
  /** JSON over several lines (a list, an object). */
  block: boolean;
};

/**
 * A stored value as text: none as `--`, a string as it is (`[redacted]` included), a number
 * or a boolean as written, a list or an object as indented JSON, in which a redacted secret
 * reads `"[redacted]"` as stored.
 */
export function valueText(value: unknown): ValueText {
  if (value === null || value === undefined)
    return { text: EMPTY_CELL, empty: true, redacted: false, block: false };
  if (typeof value === 'string')
    return { text: value, empty: false, redacted: value === REDACTED, block: value.includes('\n') };
  if (typeof value === 'number' || typeof value === 'boolean')
    return { text: String(value), empty: false, redacted: false, block: false };
  const json = JSON.stringify(value, null, 2) ?? String(value);
  return { text: json, empty: false, redacted: false, block: json.includes('\n') };
}
