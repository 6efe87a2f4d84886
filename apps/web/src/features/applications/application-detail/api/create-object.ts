import type { CreateDataObject, DataObject } from '@gatehouse/contract';
import { objectsKey } from '@/api/objects';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/v2/object. */
export function createObject(body: CreateDataObject): Promise<DataObject> {
  return api.post<DataObject>('/admin-service/v2/object', body);
}

export const useCreateObject = () => useRefreshingMutation(createObject, objectsKey);
