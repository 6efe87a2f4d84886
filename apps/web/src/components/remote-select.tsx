import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import type { QueryOptionsOf } from './list-screen/list-query';
import { useKitT } from './messages';

/** Typing pauses this long before the picker asks the server, so each keystroke is not a request. */
export const REMOTE_SEARCH_DEBOUNCE_MS = 250;

/**
 * One choice of a picker: the value it sets and the text it shows; a disabled one is shown
 * but cannot be picked, `title` saying why.
 */
export type Choice = { value: string; label: string; disabled?: boolean; title?: string };

/** `value` after `delay` ms without a change. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The options a picker shows: the chosen values first, named from what is known of them
 * (the record's own list, or a choice made from an earlier search), then what the search
 * found, each value once and none of the excluded ones. A chosen value nobody has named
 * shows as it is rather than disappearing, and a chosen value is never disabled: what the
 * record has stays removable.
 */
export function mergeChoices(
  chosen: readonly string[],
  named: ReadonlyMap<string, string>,
  found: readonly Choice[],
  exclude: readonly string[] = [],
): Choice[] {
  const seen = new Set<string>(exclude);
  const out: Choice[] = [];
  for (const value of chosen) {
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: named.get(value) ?? value });
  }
  for (const choice of found) {
    if (seen.has(choice.value)) continue;
    seen.add(choice.value);
    out.push(choice);
  }
  return out;
}

type Common = {
  /** The choices matching what the user typed (blank: the first ones): an api file's queryOptions. */
  search: (keyword: string) => QueryOptionsOf<Choice[]>;
  /** Names of values chosen before, which a search need not bring back, e.g. the user's roles. */
  known?: readonly Choice[];
  /** Values that cannot be chosen, e.g. an organization as its own parent. */
  exclude?: readonly string[];
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
};

export type RemoteSelectProps = Common &
  (
    | { multiple: true; value?: string[]; onChange?: (value: string[]) => void }
    | { multiple?: false; value?: string | null; onChange?: (value: string | null) => void }
  );

/**
 * A select whose choices come from the server as the user types, never a list of every
 * record: the roles and groups of a user, the members of a group, an organization's parent.
 * It asks only once opened, and works as a Form.Item control (`value`, `onChange`, `id`).
 */
export function RemoteSelect(props: RemoteSelectProps) {
  const { search, known = [], exclude, id, placeholder, disabled, style } = props;
  const t = useKitT();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  // Names of the choices made from a search, which a later search may no longer bring back.
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const keyword = useDebounced(typed, REMOTE_SEARCH_DEBOUNCE_MS).trim();
  const found = useQuery({ ...search(keyword), enabled: open, placeholderData: keepPreviousData });

  const chosen = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const named = new Map([...known.map((c) => [c.value, c.label] as const), ...picked]);
  const options = mergeChoices(chosen, named, found.data ?? [], exclude);

  const remember = (values: string[]) => {
    const labels = new Map(picked);
    for (const value of values) {
      const option = options.find((o) => o.value === value);
      if (option) labels.set(value, option.label);
    }
    setPicked(labels);
  };

  return (
    <Select<string | string[]>
      id={id}
      aria-label={props['aria-label']}
      mode={props.multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      placeholder={placeholder ?? t('typeToSearch')}
      disabled={disabled}
      style={style ?? { width: '100%' }}
      value={props.multiple ? chosen : (props.value ?? undefined)}
      options={options}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('loading') : t('noChoiceMatches')}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      onChange={(next) => {
        const values = next === undefined || next === null ? [] : Array.isArray(next) ? next : [next];
        remember(values);
        if (props.multiple) props.onChange?.(values);
        else props.onChange?.(values[0] ?? null);
        // A choice made, the next one starts from a blank search.
        setTyped('');
      }}
    />
  );
}
