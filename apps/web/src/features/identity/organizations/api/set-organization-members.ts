import type { Organization } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/**
 * PUT /admin-service/v2/organization/{id}/members: replaces the members (read them with GET
 * user?organizationId=). A user belongs to one organization at most, so one listed here
 * leaves their previous one.
 */
export function setOrganizationMembers({
  organizationId,
  userIds,
}: {
  organizationId: string;
  userIds: string[];
}): Promise<Organization> {
  return api.put<Organization>(
    `/admin-service/v2/organization/${encodeURIComponent(organizationId)}/members`,
    {
      userIds,
    },
  );
}

// The users' own organization changes, and the member counts of two organizations.
export const useSetOrganizationMembers = () => useRefreshingMutation(setOrganizationMembers, identityKey);
