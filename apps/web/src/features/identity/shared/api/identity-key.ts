/**
 * Every identity query starts with this key. A change to one record often shows on another
 * screen (a user's groups are a group's members and its member count), so the changes that
 * cross screens refresh everything under it.
 */
export const identityKey = ['identity'] as const;

/** How many matches a picker offers; typing narrows them on the server. */
export const CHOICES_SIZE = 20;

/** The first page of matches for a picker: `keyword` when something was typed. */
export function choiceParams(keyword: string, extra: Record<string, unknown> = {}) {
  return { page: 0, size: CHOICES_SIZE, ...extra, ...(keyword ? { keyword } : {}) };
}
