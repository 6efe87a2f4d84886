import { AUDIT_ENTITIES, type AuditFilter } from '@gatehouse/contract';
import { auditText } from '@/components/audit/messages';
import { optionsOf } from '@/components/list-screen/search-fields';
import {
  dateFromParam,
  dateToParam,
  KEYWORD_PARAM,
  type SearchField,
  type SearchValues,
} from '@/components/search-bar';
import { auditLogText } from './messages';

/** The date range's search field: the URL holds `atFrom` and `atTo` as the search writes days. */
const DATE_FIELD = 'at';

/**
 * The actions the Audit Log offers to pick from: the changes every entity has and the
 * sign-ins. Others (`roles`, `two-factor.reset` …) are typed in; the filter takes any.
 */
export const COMMON_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'login',
  'login.failed',
  'login.locked',
  'logout',
  'export',
] as const;

/** A search field whose label is read when shown, so it follows the language. */
function field(
  name: string,
  type: SearchField['type'],
  label: () => string,
  extra: Partial<SearchField> = {},
): SearchField {
  return Object.defineProperty({ name, type, ...extra } as SearchField, 'label', {
    get: label,
    enumerable: true,
  });
}

/** Advanced Search: who, what, which record, where from and when. */
export const AUDIT_SEARCH_FIELDS: SearchField[] = [
  field('actor', 'text', () => auditText('actor')),
  field('action', 'multi-select', () => auditText('action'), {
    options: optionsOf(COMMON_ACTIONS),
    freeValues: true,
  }),
  field('entity', 'multi-select', () => auditText('entity'), { options: optionsOf(AUDIT_ENTITIES) }),
  field('entityId', 'text', () => auditText('entityId')),
  field('applicationId', 'text', () => auditText('applicationId')),
  field(DATE_FIELD, 'date', () => auditLogText('date')),
  field('requestId', 'text', () => auditText('requestId')),
  field('ip', 'text', () => auditText('ip')),
];

/** A day as the search writes it (YYYY/MM/DD), at local midnight; none when it is not one. */
function localDay(text: string | undefined): Date | undefined {
  const parts = text && /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(text);
  if (!parts) return undefined;
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day);
  // 2026/02/31 is no day: Date would roll it over to March.
  return date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/**
 * The server's filter for the search in the URL. The days of the date range are the user's:
 * from the first day's local midnight to the last moment of the last day, sent as instants
 * (ISO 8601, UTC), so a record is found on the day the console shows it.
 */
export function auditFilterOf(search: SearchValues): AuditFilter {
  const filter: AuditFilter = {
    keyword: text(search[KEYWORD_PARAM]),
    actor: text(search.actor),
    action: list(search.action),
    entity: list(search.entity),
    entityId: text(search.entityId),
    applicationId: text(search.applicationId),
    requestId: text(search.requestId),
    ip: text(search.ip),
  };
  const from = localDay(text(search[dateFromParam(DATE_FIELD)]));
  const lastDay = localDay(text(search[dateToParam(DATE_FIELD)]));
  if (from) filter.from = from.toISOString();
  if (lastDay) {
    const end = new Date(lastDay.getFullYear(), lastDay.getMonth(), lastDay.getDate() + 1);
    filter.to = new Date(end.getTime() - 1).toISOString();
  }
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  ) as AuditFilter;
}
