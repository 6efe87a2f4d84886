import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { organizationsKey } from './list-organizations';

/**
 * DELETE /admin-service/v2/organization/{id}: the server refuses (409, saying what is still
 * there) while it has children or members.
 */
export function deleteOrganization(organizationId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/organization/${encodeURIComponent(organizationId)}`);
}

export const useDeleteOrganization = () => useRefreshingMutation(deleteOrganization, organizationsKey);
