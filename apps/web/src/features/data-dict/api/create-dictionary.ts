import type { CreateDictionary, Dictionary } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionariesKey } from './list-dictionaries';

/** POST /admin-service/v2/dictionary. */
export function createDictionary(body: CreateDictionary): Promise<Dictionary> {
  return api.post<Dictionary>('/admin-service/v2/dictionary', body);
}

export const useCreateDictionary = () => useRefreshingMutation(createDictionary, dictionariesKey);
