import { DEFAULT_SORT, type Page, type Webhook } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every webhook query (their deliveries included) starts with this key. */
export const webhooksKey = ['webhooks'] as const;

/** The base of the webhook calls. */
export const WEBHOOKS_URL = '/admin-service/v2/webhooks';

/** The URL of one webhook, or of what is under it (`/test`, `/deliveries`). */
export const webhookUrl = (webhookId: string, ...rest: string[]) =>
  [WEBHOOKS_URL, webhookId, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/');

/** Whose webhooks a list shows: an application's, or (null) the platform's, which hear every event. */
export type WebhookScope = { appId: string | null };

/**
 * GET /admin-service/v2/webhooks: a page of webhooks, 0-based, newest first: an application's
 * (`applicationId`), or the platform's alone (`platform=true`).
 */
export async function fetchWebhooks(
  { appId, page, size, search, sort }: ListQuery & WebhookScope,
  signal?: AbortSignal,
): Promise<RowsPage<Webhook>> {
  const scope = appId === null ? { platform: 'true' } : { applicationId: appId };
  const body = await api.get<Page<Webhook>>(WEBHOOKS_URL, {
    params: { ...search, ...scope, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const webhooksQueryOptions = (params: ListQuery & WebhookScope) =>
  queryOptions({
    queryKey: [...webhooksKey, 'list', params],
    queryFn: ({ signal }) => fetchWebhooks(params, signal),
    placeholderData: keepPreviousData,
  });
