import { elementCodes } from '@gatehouse/contract';
import type { AccessNeed } from '@/lib/access';
import { DATA_DICT_PATH } from './paths';

/** The button elements of the Data Dictionary menu (spec §6). */
export const DICTIONARY_CODES = elementCodes(DATA_DICT_PATH);

const ACTION_OF = { create: 'create', update: 'update', status: 'update', delete: 'delete' } as const;

/** Both checks of spec §6 for one change: the menu's element code and the role's action. */
export const need = (change: keyof typeof DICTIONARY_CODES): AccessNeed => ({
  code: DICTIONARY_CODES[change],
  action: ACTION_OF[change],
});
