/**
 * Spec §2 "Type to search": narrows the rows already on screen by a case-insensitive match
 * on the given fields, without asking the server.
 */
export function filterRows<T>(rows: T[], text: string, keys: readonly (keyof T)[]): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    keys.some((key) => {
      const value = row[key];
      return typeof value === 'string' && value.toLowerCase().includes(needle);
    }),
  );
}
