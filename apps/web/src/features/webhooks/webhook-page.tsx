import { listPreload } from '@/components/list-screen/preload';
import { type WebhookScope, webhooksQueryOptions } from './api/list-webhooks';
import { WEBHOOK_SEARCH_FIELDS, WebhookListScreen } from './components/webhook-list-screen';

const PLATFORM: WebhookScope = { appId: null };

/** What the route asks for before the screen renders: the page of platform webhooks its URL names. */
export const preload = listPreload({
  rows: webhooksQueryOptions,
  fields: WEBHOOK_SEARCH_FIELDS,
  scopeOf: () => PLATFORM,
});

/**
 * System › Webhooks (/admin-setting/webhook): the platform's webhooks, which hear every event.
 * An application's are on its Application Detail.
 */
export function WebhookPage() {
  return <WebhookListScreen appId={null} title="Webhooks" />;
}
