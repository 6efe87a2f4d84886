import type { CreateDataObject, DataObject } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { objectsKey } from '@/api/objects';

/** POST /admin-service/v2/object. */
export function createObject(body: CreateDataObject): Promise<DataObject> {
  return api.post<DataObject>('/admin-service/v2/object', body);
}

export const useCreateObject = () => useRefreshingMutation(createObject, objectsKey);
