import type { WebhookSecret } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { webhooksKey, webhookUrl } from './list-webhooks';

/** POST /admin-service/v2/webhooks/{webhookId}/rotate-secret: the new secret, shown this once. */
export function rotateWebhookSecret(webhookId: string): Promise<WebhookSecret> {
  return api.post<WebhookSecret>(webhookUrl(webhookId, 'rotate-secret'));
}

export const useRotateWebhookSecret = () => useRefreshingMutation(rotateWebhookSecret, webhooksKey);
