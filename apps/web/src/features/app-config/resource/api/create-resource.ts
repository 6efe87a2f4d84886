import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateResource, Resource } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { resourcesKey } from './resource-list';

/** POST /admin-service/resource. `parentId` is left out for a category. */
export function createResource(body: CreateResource): Promise<Resource> {
  return api.post<Resource>('/admin-service/resource', body);
}

export function useCreateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResource,
    // The new node changes its parent's children and child count, so roots and every loaded
    // level are refreshed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourcesKey }),
  });
}
