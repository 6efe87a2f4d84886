import type { ImportPreview } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** POST /admin-service/v2/config-import/preview: what importing an instance document would do. */
export function previewInstanceImport(document: unknown): Promise<ImportPreview> {
  return api.post<ImportPreview>('/admin-service/v2/config-import/preview', document);
}
