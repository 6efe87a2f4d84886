import type { WebhookDeliveryDetail } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { deliveriesKey } from './list-deliveries';
import { webhookUrl } from './list-webhooks';

/** GET /admin-service/v2/webhooks/{webhookId}/deliveries/{deliveryId}: with what was sent and what came back. */
export function fetchDelivery(
  webhookId: string,
  deliveryId: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryDetail> {
  return api.get<WebhookDeliveryDetail>(webhookUrl(webhookId, 'deliveries', deliveryId), { signal });
}

export const deliveryQueryOptions = (webhookId: string, deliveryId: string) =>
  queryOptions({
    queryKey: [...deliveriesKey(webhookId), 'detail', deliveryId],
    queryFn: ({ signal }) => fetchDelivery(webhookId, deliveryId, signal),
  });
