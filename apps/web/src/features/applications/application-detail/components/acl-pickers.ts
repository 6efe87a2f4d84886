import type { Acl } from '@gatehouse/contract';
import { clientChoicesQueryOptions } from '@/api/clients';
import { groupChoicesQueryOptions } from '@/api/groups';
import { permissionRecordChoicesQueryOptions } from '@/api/permissions';
import { resourceChoicesQueryOptions } from '@/api/resources';
import { roleChoicesQueryOptions } from '@/api/roles';
import { userChoicesQueryOptions } from '@/api/users';
import type { QueryOptionsOf } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import type { ApplicationDetailKey } from '../messages';

type Search = (keyword: string) => QueryOptionsOf<Choice[]>;
type Picker = {
  /** The search of the picker in the application `appId`. */
  search: (appId: string) => Search;
  placeholder: ApplicationDetailKey;
};

/** What the subject picker searches for each subject type: the application's own clients, the rest anywhere. */
export const SUBJECT_PICKERS = {
  USER: { search: () => userChoicesQueryOptions, placeholder: 'searchUsers' },
  GROUP: { search: () => groupChoicesQueryOptions, placeholder: 'searchGroups' },
  ROLE: { search: () => roleChoicesQueryOptions, placeholder: 'searchRoles' },
  CLIENT: {
    search: (appId) => (keyword) => clientChoicesQueryOptions(appId, keyword),
    placeholder: 'searchClients',
  },
} as const satisfies Record<Acl['subjectType'], Picker>;

/** What the target picker searches for each target type, always within the application. */
export const TARGET_PICKERS = {
  PERMISSION: {
    search: (appId) => (keyword) => permissionRecordChoicesQueryOptions(appId, 'ANY', keyword),
    placeholder: 'searchPermissions',
  },
  RESOURCE: {
    search: (appId) => (keyword) => resourceChoicesQueryOptions(appId, keyword),
    placeholder: 'searchResources',
  },
} as const satisfies Record<Acl['targetType'], Picker>;

/** The ids a change of type leaves meaningless: a key of one kind of record names nothing of another. */
export function idsClearedBy(changed: Partial<Pick<Acl, 'subjectType' | 'targetType'>>) {
  const cleared: ('subjectId' | 'targetId')[] = [];
  if ('subjectType' in changed) cleared.push('subjectId');
  if ('targetType' in changed) cleared.push('targetId');
  return cleared;
}
