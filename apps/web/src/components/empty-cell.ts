/** What an empty table cell shows (spec §2: empty cells show `--`). */
export const EMPTY_CELL = '--';

/** `--` for null, undefined and the empty string; anything else passes through. */
export function emptyCell<T>(value: T): T | typeof EMPTY_CELL {
  return value === null || value === undefined || value === '' ? EMPTY_CELL : value;
}
