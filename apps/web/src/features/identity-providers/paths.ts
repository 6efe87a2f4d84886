import type { NavPath } from '@gatehouse/contract';

/** System › Provider: the identity providers people sign in through (issue 30). */
export const PROVIDER_PATH = '/admin-setting/provider' satisfies NavPath;
