import type { QueryOptionsOf } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';

/**
 * The choices of a picker that hands something out (a role, a group, a member): one the
 * server says the caller may not give arrives disabled and is titled with `why`; one the
 * record had already stays pickable, since putting it back gives nothing new.
 */
export function handOutChoices(found: readonly Choice[], had: readonly string[], why: string): Choice[] {
  const kept = new Set(had);
  return found.map((choice) => {
    if (!choice.disabled) return choice;
    return kept.has(choice.value) ? { value: choice.value, label: choice.label } : { ...choice, title: why };
  });
}

/** A picker's search (an api file's queryOptions) with `handOutChoices` applied to what it finds. */
export function handingOut(
  search: QueryOptionsOf<Choice[]>,
  had: readonly string[],
  why: string,
): QueryOptionsOf<Choice[]> {
  return { ...search, select: (found) => handOutChoices(found, had, why) };
}
