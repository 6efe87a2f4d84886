import type { NavPath } from '@gatehouse/contract';

export const DATA_DICT_PATH = '/admin-setting/data-dict' satisfies NavPath;
