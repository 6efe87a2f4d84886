import type { DataObject, UpdateDataObject } from '@gatehouse/contract';
import { objectsKey } from '@/api/objects';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/object: the whole object, fields included, by `objectId`. */
export function updateObject(body: UpdateDataObject): Promise<DataObject> {
  return api.put<DataObject>('/admin-service/v2/object', body);
}

export const useUpdateObject = () => useRefreshingMutation(updateObject, objectsKey);
