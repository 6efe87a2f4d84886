import type { Organization, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { organizationsKey } from './list-organizations';

/** PUT /admin-service/v2/organization/{id}/status. */
export function setOrganizationStatus({
  organizationId,
  status,
}: {
  organizationId: string;
  status: Status;
}): Promise<Organization> {
  return api.put<Organization>(
    `/admin-service/v2/organization/${encodeURIComponent(organizationId)}/status`,
    {
      status,
    },
  );
}

export const useSetOrganizationStatus = () => useRefreshingMutation(setOrganizationStatus, organizationsKey);
