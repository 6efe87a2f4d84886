import type { ApplicationDocument } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** GET /admin-service/v2/application/{appId}/config-export: the application's configuration. */
export function exportConfig(appId: string): Promise<ApplicationDocument> {
  return api.get<ApplicationDocument>(
    `/admin-service/v2/application/${encodeURIComponent(appId)}/config-export`,
  );
}
