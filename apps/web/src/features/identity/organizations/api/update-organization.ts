import type { Organization, UpdateOrganization } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { organizationsKey } from './list-organizations';

/** PUT /admin-service/v2/organization: name, code and description, by `organizationId`. */
export function updateOrganization(body: UpdateOrganization): Promise<Organization> {
  return api.put<Organization>('/admin-service/v2/organization', body);
}

// A new name changes the paths of everything below it.
export const useUpdateOrganization = () => useRefreshingMutation(updateOrganization, organizationsKey);
