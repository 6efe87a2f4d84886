import type { CreateOrganization, Organization } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { organizationsKey } from './list-organizations';

/** POST /admin-service/v2/organization: at the top, or under `parentId`. */
export function createOrganization(body: CreateOrganization): Promise<Organization> {
  return api.post<Organization>('/admin-service/v2/organization', body);
}

// The parent's child count changes with it.
export const useCreateOrganization = () => useRefreshingMutation(createOrganization, organizationsKey);
