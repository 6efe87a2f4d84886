import type { Resource, UpdateResource } from '@gatehouse/contract';
import { resourcesKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/resource with the full resource; the status toggle uses it too (spec §7). */
export function updateResource(body: UpdateResource): Promise<Resource> {
  return api.put<Resource>('/admin-service/resource', body);
}

/** The body that replaces `resource` as it is, for changes such as the status toggle. */
export function toUpdateBody(resource: Resource): UpdateResource {
  return {
    resourceId: resource.resourceId,
    name: resource.name,
    id: resource.id,
    type: resource.type,
    url: resource.url,
    order: resource.order,
    status: resource.status,
    applicationId: resource.applicationId,
    parentId: resource.parentId,
    icon: resource.icon,
  };
}

export const useUpdateResource = () => useRefreshingMutation(updateResource, resourcesKey);
