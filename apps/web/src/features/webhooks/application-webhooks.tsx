import { AccessAs } from '@/lib/access';
import { WebhookListScreen } from './components/webhook-list-screen';
import { useWebhooksT } from './messages';
import { WEBHOOK_PATH } from './paths';

/**
 * An application's webhooks, the Webhooks tab of its Application Detail: the same list as
 * System › Webhooks, its controls checking the Webhooks screen's element codes and permission
 * (which the server checks for that application), and new webhooks that application's.
 */
export function ApplicationWebhooks({ appId }: { appId: string }) {
  const t = useWebhooksT();
  return (
    <AccessAs path={WEBHOOK_PATH}>
      <WebhookListScreen appId={appId} title={t('webhooks')} />
    </AccessAs>
  );
}
