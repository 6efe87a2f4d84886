import type { ImportPreview } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** POST /admin-service/v2/application/{appId}/config-import/preview: what an import would do. */
export function previewConfigImport(appId: string, document: unknown): Promise<ImportPreview> {
  return api.post<ImportPreview>(
    `/admin-service/v2/application/${encodeURIComponent(appId)}/config-import/preview`,
    document,
  );
}
