import type { AccessNeed } from '@/lib/access';

/** The button elements of the Data Dictionary menu (spec §6), and the role's action each needs. */
export const DICTIONARY_CODES = {
  create: 'dictionary:create',
  update: 'dictionary:update',
  status: 'dictionary:status',
  delete: 'dictionary:delete',
} as const;

const ACTION_OF = { create: 'create', update: 'update', status: 'update', delete: 'delete' } as const;

/** Both checks of spec §6 for one change: the menu's element code and the role's action. */
export const need = (change: keyof typeof DICTIONARY_CODES): AccessNeed => ({
  code: DICTIONARY_CODES[change],
  action: ACTION_OF[change],
});
