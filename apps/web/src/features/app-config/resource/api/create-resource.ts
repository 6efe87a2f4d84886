import type { CreateResource, Resource } from '@gatehouse/contract';
import { resourcesKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/resource. `parentId` is left out for a category. */
export function createResource(body: CreateResource): Promise<Resource> {
  return api.post<Resource>('/admin-service/resource', body);
}

// The new node changes its parent's children and child count, so roots and every loaded
// level are refreshed.
export const useCreateResource = () => useRefreshingMutation(createResource, resourcesKey);
