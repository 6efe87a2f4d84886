import type { Status, Webhook } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { webhooksKey, webhookUrl } from './list-webhooks';

/**
 * PUT /admin-service/v2/webhooks/{webhookId}/status: enabled or disabled by hand. Enabling
 * clears a failing webhook's state, so an old failure does not disable it again.
 */
export function setWebhookStatus({
  webhookId,
  status,
}: {
  webhookId: string;
  status: Status;
}): Promise<Webhook> {
  return api.put<Webhook>(webhookUrl(webhookId, 'status'), { status });
}

export const useSetWebhookStatus = () => useRefreshingMutation(setWebhookStatus, webhooksKey);
