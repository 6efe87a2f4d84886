import type { CreateWebhook, WebhookSecret } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { WEBHOOKS_URL, webhooksKey } from './list-webhooks';

/** POST /admin-service/v2/webhooks: the webhook and its signing secret, which this answer alone carries. */
export function createWebhook(body: CreateWebhook): Promise<WebhookSecret> {
  return api.post<WebhookSecret>(WEBHOOKS_URL, body);
}

export const useCreateWebhook = () => useRefreshingMutation(createWebhook, webhooksKey);
