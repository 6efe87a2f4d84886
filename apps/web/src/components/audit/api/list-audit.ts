import type { AuditFilter, AuditPage } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** Every audit query starts with this key. */
export const auditKey = ['audit'] as const;

/**
 * A page of audit records: the filter, the page as the pager shows it (1-based) and its
 * size, or the `nextCursor` of the page before, which reaches any depth at the same cost.
 */
export type AuditPageParams = {
  filter: AuditFilter;
  page: number;
  size: number;
  cursor?: string | undefined;
};

/** The list's query: with a cursor the server ignores the page, so none is sent. */
export function auditPageQuery({ filter, page, size, cursor }: AuditPageParams): Record<string, unknown> {
  return { ...filter, size, ...(cursor ? { cursor } : { page: page - 1 }) };
}

/** GET /admin-service/v2/audit: newest first, counted up to 10,000 (`totalExact`). */
export function fetchAuditPage(params: AuditPageParams, signal?: AbortSignal): Promise<AuditPage> {
  return api.get<AuditPage>('/admin-service/v2/audit', { params: auditPageQuery(params), signal });
}

export const auditPageQueryOptions = (params: AuditPageParams) =>
  queryOptions({
    queryKey: [...auditKey, 'list', params],
    queryFn: ({ signal }) => fetchAuditPage(params, signal),
    placeholderData: keepPreviousData,
  });
