import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { webhooksKey, webhookUrl } from './list-webhooks';

/** DELETE /admin-service/v2/webhooks/{webhookId}. */
export function deleteWebhook(webhookId: string): Promise<void> {
  return api.delete<void>(webhookUrl(webhookId));
}

export const useDeleteWebhook = () => useRefreshingMutation(deleteWebhook, webhooksKey);
