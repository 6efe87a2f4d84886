import type { ImportPreview } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { queryClient } from '@/lib/query-client';

/**
 * POST /admin-service/v2/application/{appId}/config-import: the import, all of it or nothing.
 * It may change any list of the application, so every cached answer is refreshed after it.
 */
export async function importConfig(appId: string, document: unknown): Promise<ImportPreview> {
  const done = await api.post<ImportPreview>(
    `/admin-service/v2/application/${encodeURIComponent(appId)}/config-import`,
    document,
  );
  await queryClient.invalidateQueries();
  return done;
}
