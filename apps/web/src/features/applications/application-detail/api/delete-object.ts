import { objectsKey } from '@/api/objects';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** DELETE /admin-service/v2/object/{id}: refused (409, naming them) while sets use it. */
export function deleteObject(objectId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/object/${encodeURIComponent(objectId)}`);
}

export const useDeleteObject = () => useRefreshingMutation(deleteObject, objectsKey);
