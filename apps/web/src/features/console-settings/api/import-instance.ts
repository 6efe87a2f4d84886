import type { ImportPreview } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { queryClient } from '@/lib/query-client';

/**
 * POST /admin-service/v2/config-import: the instance import, all of it or nothing. It may
 * change any list, so every cached answer is refreshed after it.
 */
export async function importInstance(document: unknown): Promise<ImportPreview> {
  const done = await api.post<ImportPreview>('/admin-service/v2/config-import', document);
  await queryClient.invalidateQueries();
  return done;
}
