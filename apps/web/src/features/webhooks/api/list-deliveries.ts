import type { DeliveryStatus, Page, WebhookDelivery } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';
import { webhooksKey, webhookUrl } from './list-webhooks';

/** Every delivery query of one webhook starts with this key. */
export const deliveriesKey = (webhookId: string) => [...webhooksKey, webhookId, 'deliveries'] as const;

/** A page of the delivery log as the drawer asks for it: 1-based, and a status or any. */
export type DeliveriesQuery = { webhookId: string; page: number; size: number; status?: DeliveryStatus };

/** GET /admin-service/v2/webhooks/{webhookId}/deliveries: newest first, 0-based page. */
export async function fetchDeliveries(
  { webhookId, page, size, status }: DeliveriesQuery,
  signal?: AbortSignal,
): Promise<RowsPage<WebhookDelivery>> {
  const body = await api.get<Page<WebhookDelivery>>(webhookUrl(webhookId, 'deliveries'), {
    params: { page: page - 1, size, ...(status ? { status } : {}) },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const deliveriesQueryOptions = (query: DeliveriesQuery) =>
  queryOptions({
    queryKey: [...deliveriesKey(query.webhookId), 'list', query],
    queryFn: ({ signal }) => fetchDeliveries(query, signal),
    placeholderData: keepPreviousData,
  });
