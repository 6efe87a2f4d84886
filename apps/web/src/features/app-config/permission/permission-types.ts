import { RESOURCE_TYPES_FOR_PERMISSION } from '@gatehouse/contract';
import { optionsOf } from '@/components/list-screen/search-fields';

/** Spec §3: API is the only type a permission can have; the search and the form offer it. */
export const PERMISSION_TYPE_OPTIONS = optionsOf(RESOURCE_TYPES_FOR_PERMISSION);
