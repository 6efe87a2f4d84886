import type { AuditDetail } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { auditKey } from './list-audit';

/** GET /admin-service/v2/audit/{auditId}: one record with before, after and their diff. */
export function fetchAuditRecord(auditId: string, signal?: AbortSignal): Promise<AuditDetail> {
  return api.get<AuditDetail>(`/admin-service/v2/audit/${encodeURIComponent(auditId)}`, { signal });
}

/** A record does not change once written (only `sealed` does), so it is kept while open. */
export const auditRecordQueryOptions = (auditId: string) =>
  queryOptions({
    queryKey: [...auditKey, 'record', auditId],
    queryFn: ({ signal }) => fetchAuditRecord(auditId, signal),
    staleTime: 60_000,
  });
