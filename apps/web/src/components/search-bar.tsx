import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { type FormEvent, lazy, memo, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { SpaceCompact, TextInput } from './antd-parts';
import { useKitT } from './messages';
import { Field } from './plain-form';

// Advanced Search is closed on most visits: the picker's code (and dayjs) waits until a date
// field shows.
const SearchDateRange = lazy(() => import('./search-date-range'));

/** Spec §2, §9: advanced fields sit four to a row; dates read YYYY/MM/DD. */
export const ADVANCED_SEARCH_FIELDS_PER_ROW = 4;
export const SEARCH_DATE_FORMAT = 'YYYY/MM/DD';

export type SearchFieldType = 'text' | 'multi-select' | 'date';

export type SearchField = {
  /** The search parameter; a date field writes `${name}From` and `${name}To` instead. */
  name: string;
  label: string;
  type: SearchFieldType;
  /** The choices of a multi-select. */
  options?: { label: string; value: string }[];
  /** A multi-select whose choices are suggestions: any value may be typed. */
  freeValues?: boolean;
};

/** Search parameters as they sit in the URL: repeated parameters are arrays. */
export type SearchValues = Record<string, string | string[] | undefined>;

export type SearchBarProps = {
  fields: SearchField[];
  /** The current search, usually `useListState().search`. */
  value: SearchValues;
  /** Called with the non-empty parameters only. */
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
  /** Opens Advanced Search on first render; by default it opens when a filter only it shows is set. */
  defaultAdvancedOpen?: boolean;
};

/** The "All" choice of the general search searches every text field through this parameter. */
export const KEYWORD_PARAM = 'keyword';
const ALL = KEYWORD_PARAM;

export const dateFromParam = (name: string) => `${name}From`;
export const dateToParam = (name: string) => `${name}To`;

/** Every URL parameter a SearchBar with these fields can write, for `useListState`. */
export function searchParamsOf(fields: SearchField[]): string[] {
  return [
    KEYWORD_PARAM,
    ...fields.flatMap((f) => (f.type === 'date' ? [dateFromParam(f.name), dateToParam(f.name)] : [f.name])),
  ];
}

/** The parameters of a multi-select, which are arrays even when only one value is chosen. */
export function arrayParamsOf(fields: SearchField[]): string[] {
  return fields.filter((f) => f.type === 'multi-select').map((f) => f.name);
}

function asArray(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

function asText(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** Drops empty strings and empty arrays, and trims what is left. */
export function compactSearch(values: SearchValues): SearchValues {
  const out: SearchValues = {};
  for (const [key, v] of Object.entries(values)) {
    if (Array.isArray(v)) {
      if (v.length > 0) out[key] = v;
    } else if (v !== undefined && v.trim() !== '') {
      out[key] = v.trim();
    }
  }
  return out;
}

/**
 * The search component of spec §2. A general search (a select of "All" or one text field,
 * plus an input) and a collapsible Advanced Search with every field, 4 to a row, and
 * Search and Reset buttons. Both edit one draft: a text field chosen in the general select
 * is the same value as that field in Advanced Search, and "All" writes `keyword`.
 *
 * Date fields are a range picker in YYYY/MM/DD that writes `${name}From` and `${name}To`,
 * so a field named `created` gives `createdFrom`/`createdTo` as the contract's list queries
 * expect.
 */
export const SearchBar = memo(function SearchBar({
  fields,
  value,
  onSearch,
  onReset,
  defaultAdvancedOpen,
}: SearchBarProps) {
  const id = useId();
  const t = useKitT();
  const textFields = useMemo(() => fields.filter((f) => f.type === 'text'), [fields]);
  const [draft, setDraft] = useState<SearchValues>(value);
  const [generalKey, setGeneralKey] = useState<string>(() => pickGeneralKey(value, textFields, ALL));
  // Opens by itself when the search holds a filter the general input does not show, so no
  // active filter is ever out of sight.
  const [advancedOpen, setAdvancedOpen] = useState<boolean>(
    () => defaultAdvancedOpen ?? hasHiddenFilter(value, fields, generalKey),
  );

  // The URL is the source of truth: back/forward or a link replaces what is being edited.
  const valueKey = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is compared by content through valueKey, so a new but equal object does not wipe the draft
  useEffect(() => {
    setDraft(value);
    const key = pickGeneralKey(value, textFields, generalKey);
    setGeneralKey(key);
    if (hasHiddenFilter(value, fields, key)) setAdvancedOpen(true);
  }, [valueKey]);

  const set = (key: string, v: string | string[] | undefined) => setDraft((d) => ({ ...d, [key]: v }));

  const chooseGeneral = (key: string) => {
    // Text typed before picking the field goes with the choice; with nothing typed, the
    // field keeps what Advanced Search already holds for it.
    const text = asText(draft[generalKey]);
    if (text !== '') setDraft((d) => ({ ...d, [generalKey]: undefined, [key]: text }));
    setGeneralKey(key);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const values = { ...draft };
    // A single value read from the URL is a plain string; a multi-select always emits a list.
    for (const f of fields)
      if (f.type === 'multi-select' && values[f.name] !== undefined) values[f.name] = asArray(values[f.name]);
    onSearch(compactSearch(values));
  };

  const reset = () => {
    setDraft({});
    setGeneralKey(ALL);
    onReset();
  };

  const generalOptions = [
    { label: t('all'), value: ALL },
    ...textFields.map((f) => ({ label: f.label, value: f.name })),
  ];
  const generalLabel = generalOptions.find((o) => o.value === generalKey)?.label ?? t('all');
  const advancedId = `${id}-advanced`;

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and for jsdom; a form with role=search is its long-standing equivalent
    <form className="gh-search-bar" role="search" aria-label={t('search')} onSubmit={submit}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <SpaceCompact>
          <Select
            aria-label={t('searchIn')}
            value={generalKey}
            options={generalOptions}
            onChange={chooseGeneral}
            style={{ minWidth: 120 }}
            popupMatchSelectWidth={false}
          />
          <TextInput
            aria-label={t('searchField', { field: generalLabel })}
            placeholder={t('typeToSearch')}
            allowClear
            value={asText(draft[generalKey])}
            onChange={(e) => set(generalKey, e.target.value)}
            style={{ width: 240 }}
          />
          <Button htmlType="submit" type="primary" icon={<SearchOutlined />} aria-label={t('search')} />
        </SpaceCompact>
        {/* A list searched by its keyword alone has no more to offer. */}
        {fields.length > 0 && (
          <Button
            type="link"
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            onClick={() => setAdvancedOpen((open) => !open)}
          >
            {t('advancedSearch')} {advancedOpen ? <UpOutlined /> : <DownOutlined />}
          </Button>
        )}
      </div>
      {advancedOpen && fields.length > 0 && (
        <section id={advancedId} aria-label={t('advancedSearch')} style={{ marginTop: 16 }}>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${ADVANCED_SEARCH_FIELDS_PER_ROW}, minmax(0, 1fr))`,
              columnGap: 16,
            }}
          >
            {fields.map((field) => (
              <div key={field.name} data-testid={`search-field-${field.name}`}>
                <Field label={field.label} htmlFor={`${id}-${field.name}`}>
                  <FieldControl id={`${id}-${field.name}`} field={field} draft={draft} set={set} />
                </Field>
              </div>
            ))}
          </div>
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="primary" htmlType="submit">
              {t('search')}
            </Button>
            <Button onClick={reset}>{t('reset')}</Button>
          </div>
        </section>
      )}
    </form>
  );
});

function hasValue(values: SearchValues, field: SearchField): boolean {
  const keys = field.type === 'date' ? [dateFromParam(field.name), dateToParam(field.name)] : [field.name];
  return keys.some((k) => asArray(values[k]).some((v) => v !== ''));
}

/**
 * Which parameter the general input shows: `keyword` when it is set, else the chosen field
 * while it has a value, else the only text field that has one, else the current choice.
 */
function pickGeneralKey(values: SearchValues, textFields: SearchField[], current: string): string {
  if (asText(values[KEYWORD_PARAM]) !== '') return ALL;
  if (current !== ALL && asText(values[current]) !== '') return current;
  const filled = textFields.filter((f) => hasValue(values, f));
  return filled.length === 1 ? filled[0]!.name : current;
}

function hasHiddenFilter(values: SearchValues, fields: SearchField[], generalKey: string): boolean {
  return fields.some((f) => f.name !== generalKey && hasValue(values, f));
}

type FieldControlProps = {
  id: string;
  field: SearchField;
  draft: SearchValues;
  set: (key: string, v: string | string[] | undefined) => void;
};

function FieldControl({ id, field, draft, set }: FieldControlProps) {
  const t = useKitT();
  switch (field.type) {
    case 'text':
      return (
        <TextInput
          id={id}
          aria-label={field.label}
          allowClear
          value={asText(draft[field.name])}
          onChange={(e) => set(field.name, e.target.value)}
        />
      );
    case 'multi-select':
      return (
        <Select
          id={id}
          aria-label={field.label}
          mode={field.freeValues ? 'tags' : 'multiple'}
          allowClear
          options={field.options ?? []}
          value={asArray(draft[field.name])}
          onChange={(v: string[]) => set(field.name, v)}
        />
      );
    case 'date': {
      const from = dateFromParam(field.name);
      const to = dateToParam(field.name);
      return (
        // Enter confirms a typed date in the picker; letting it also submit the form would
        // search with half a range.
        <fieldset
          aria-label={field.label}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        >
          <Suspense fallback={null}>
            <SearchDateRange
              id={{ start: id, end: `${id}-to` }}
              format={SEARCH_DATE_FORMAT}
              placeholder={[t('dateFrom', { field: field.label }), t('dateTo', { field: field.label })]}
              from={asText(draft[from])}
              to={asText(draft[to])}
              onChange={(first, last) => {
                set(from, first);
                set(to, last);
              }}
            />
          </Suspense>
        </fieldset>
      );
    }
  }
}
