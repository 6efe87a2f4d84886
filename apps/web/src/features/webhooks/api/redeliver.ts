import type { WebhookDelivery } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { deliveriesKey } from './list-deliveries';
import { webhookUrl } from './list-webhooks';

/**
 * POST /admin-service/v2/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver: the same
 * event (the same `webhook-id`) sent again as a new delivery; only a finished one may be.
 */
export function redeliver({
  webhookId,
  deliveryId,
}: {
  webhookId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(webhookUrl(webhookId, 'deliveries', deliveryId, 'redeliver'));
}

/** Redelivers; the webhook's delivery log is asked for again, to show the new delivery. */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeliver,
    onSuccess: (delivery) => client.invalidateQueries({ queryKey: deliveriesKey(delivery.webhookId) }),
  });
}
