import { ENABLED_STATUSES } from '@gatehouse/contract';
import { i18n } from '@/lib/i18n';
import '../messages';
import type { SearchField } from '../search-bar';

/** Select options that show each value as it is: ENABLED, MENU, API. */
export const optionsOf = (values: readonly string[]) => values.map((value) => ({ label: value, value }));

/** The status of records that have one: a multi-select of ENABLED and DISABLED. */
export const STATUS_FIELD: SearchField = {
  name: 'status',
  // Read when the search bar renders, so it follows the language.
  get label() {
    return i18n.t('kit:status');
  },
  type: 'multi-select',
  options: optionsOf(ENABLED_STATUSES),
};

/** The created-date range that every list can be searched by. */
export const CREATED_DATE_FIELD: SearchField = {
  name: 'created',
  get label() {
    return i18n.t('kit:createdDate');
  },
  type: 'date',
};
