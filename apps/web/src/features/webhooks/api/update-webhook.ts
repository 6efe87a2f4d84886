import type { UpdateWebhook, Webhook } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { webhooksKey, webhookUrl } from './list-webhooks';

/** PUT /admin-service/v2/webhooks/{webhookId}: every editable field; the scope and the secret stay. */
export function updateWebhook({
  webhookId,
  ...body
}: UpdateWebhook & { webhookId: string }): Promise<Webhook> {
  return api.put<Webhook>(webhookUrl(webhookId), body);
}

export const useUpdateWebhook = () => useRefreshingMutation(updateWebhook, webhooksKey);
