import type { NavPath } from '@gatehouse/contract';
import { withQuery } from '@/lib/paths';

export const IDENTITY_PATHS = {
  user: '/admin-setting/manage-user',
  userV2: '/admin-setting/manage-user-V2',
  group: '/admin-setting/manage-group',
  groupV2: '/admin-setting/manage-group-v2',
  role: '/admin-setting/manage-role',
  organization: '/admin-setting/manage-organization',
  editOrganization: '/admin-setting/edit-organization',
} as const satisfies Record<string, NavPath>;

/** The query parameter that names an organization: the one selected, or the one edited. */
export const ORGANIZATION_ID_PARAM = 'organizationId';

/** Edit Organization: the organization travels as `organizationId` in the query. */
export function toEditOrganization(params: { organizationId: string }): string {
  return withQuery(IDENTITY_PATHS.editOrganization, { [ORGANIZATION_ID_PARAM]: params.organizationId });
}
