import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/placeholders';

// The console holds a link to this module from its start (app/feature-slots.ts): it stays
// small, and the panel's code loads with the tab's first opening.
const Panel = lazy(() =>
  import('./components/application-providers-panel').then((m) => ({ default: m.ApplicationProvidersPanel })),
);

/**
 * An application's sign-in providers, the tab of its Application Detail: every enabled
 * provider, or only the ones chosen. The server checks the applications permission.
 */
export function ApplicationProviders({ appId }: { appId: string }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('loading')} />}>
      <Panel appId={appId} />
    </Suspense>
  );
}
