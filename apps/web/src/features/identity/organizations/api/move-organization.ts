import type { Organization } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { organizationsKey } from './list-organizations';

/**
 * PUT /admin-service/v2/organization/{id}/move: under `parentId`, or to the top with null. A
 * move under its own subtree is a 400 on `parentId`.
 */
export function moveOrganization({
  organizationId,
  parentId,
}: {
  organizationId: string;
  parentId: string | null;
}): Promise<Organization> {
  return api.put<Organization>(`/admin-service/v2/organization/${encodeURIComponent(organizationId)}/move`, {
    parentId,
  });
}

// Both parents' children change, and the paths of everything moved.
export const useMoveOrganization = () => useRefreshingMutation(moveOrganization, organizationsKey);
