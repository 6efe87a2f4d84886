import type { WebhookDelivery } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { deliveriesKey } from './list-deliveries';
import { webhookUrl } from './list-webhooks';

/** POST /admin-service/v2/webhooks/{webhookId}/test: a `webhook.test` event to this webhook alone, as a new delivery. */
export function sendTestEvent(webhookId: string): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(webhookUrl(webhookId, 'test'));
}

/** Sends a test event; the webhook's delivery log is asked for again, to show it. */
export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (delivery) => client.invalidateQueries({ queryKey: deliveriesKey(delivery.webhookId) }),
  });
}
