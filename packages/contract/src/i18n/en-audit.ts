/**
 * The English catalogue, the Audit Log's part: its search's rules, and the audit retention of
 * the console's settings. Those screens add it when they load, so the way to a list does not
 * carry it.
 */
export const EN_AUDIT = {
  // ---- the audit log -----------------------------------------------------------------------
  'audit.invalidCursor': 'This cursor is not one this list returned; start again from the first page.',
  'audit.invalidDateTime':
    'Use an ISO 8601 date or date and time, such as 2026-01-31 or 2026-01-31T08:00:00Z',
  'audit.fromAfterTo': 'The start of the range must not be after its end.',
  'audit.chooseFormat': 'Choose csv or jsonl',
  'audit.retentionDays': 'Enter a whole number of days from 1 to 36500',
} as const;
