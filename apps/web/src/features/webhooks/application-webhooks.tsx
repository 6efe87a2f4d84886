import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/placeholders';
import { AccessAs } from '@/lib/access';
import { WEBHOOK_PATH } from './paths';

// The console holds a link to this module from its start (app/feature-slots.ts), with the list
// of files it needs: it stays small, and the list loads with the tab's first opening.
const WebhookListScreen = lazy(() =>
  import('./components/webhook-list-screen').then((m) => ({ default: m.WebhookListScreen })),
);

/**
 * An application's webhooks, the Webhooks tab of its Application Detail: the same list as
 * System › Webhooks, its controls checking the Webhooks screen's element codes and permission
 * (which the server checks for that application), and new webhooks that application's.
 */
export function ApplicationWebhooks({ appId, title }: { appId: string; title: string }) {
  const { t } = useTranslation();
  return (
    <AccessAs path={WEBHOOK_PATH}>
      <Suspense fallback={<Spinner label={t('loading')} />}>
        <WebhookListScreen appId={appId} title={title} />
      </Suspense>
    </AccessAs>
  );
}
