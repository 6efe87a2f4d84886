import type { InstanceDocument } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** GET /admin-service/v2/config-export: the whole instance; with `passwordHashes`, the users' hashes too. */
export function exportInstance(passwordHashes = false): Promise<InstanceDocument> {
  return api.get<InstanceDocument>('/admin-service/v2/config-export', {
    params: passwordHashes ? { passwordHashes: 'true' } : {},
  });
}
