import { CONFIG_FORMATS, WEBHOOK_PERMISSION_ID } from '@gatehouse/contract';
import { Card, Descriptions, Space, Tabs } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApplication } from '@/api/applications';
import { ConfigTransfer } from '@/components/config-transfer/config-transfer';
import { Notice } from '@/components/notice';
import { Spinner } from '@/components/placeholders';
import { StatusTag } from '@/components/status-tag';
import { APP_CONFIG_SCREENS, toAppConfig } from '@/features/app-config/paths';
import { useHasAction } from '@/lib/access';
import { useFeatureSlots } from '@/lib/feature-slots';
import { exportConfig } from './api/export-config';
import { importConfig } from './api/import-config';
import { previewConfigImport } from './api/preview-config-import';
import { AclTab } from './components/acl-tab';
import { ApisTab } from './components/apis-tab';
import { ObjectsTab } from './components/objects-tab';
import { PagesTab } from './components/pages-tab';
import { SetsTab } from './components/sets-tab';
import { type ApplicationDetailKey, useApplicationDetailT } from './messages';

/**
 * The tabs, in order; the URL's `tab` names the open one. Webhooks shows to a user who may read
 * webhooks (the Webhooks screen's permission), where the console provides it (lib/feature-slots.ts);
 * Sign-in providers, the identity providers its sign-in offers, likewise.
 */
const TABS = ['objects', 'sets', 'acl', 'apis', 'pages', 'webhooks', 'providers'] as const;
type TabKey = (typeof TABS)[number];

const SCREEN_TEXT = {
  'data-access': 'dataAccess',
  permission: 'permission',
  client: 'client',
  resource: 'resource',
} as const satisfies Record<(typeof APP_CONFIG_SCREENS)[number], ApplicationDetailKey>;

/**
 * Application Detail (/admin-setting/application-detail?appId=…): one application, links to
 * its four app-config screens, tabs for its v2 catalogue, and its webhooks.
 * its four app-config screens, tabs for its v2 catalogue, and the export and import of its
 * whole configuration.
 */
export function ApplicationDetailPage() {
  const t = useApplicationDetailT();
  const [params, setParams] = useSearchParams();
  const appId = params.get('appId')?.trim() || undefined;
  const application = useApplication(appId);
  const { applicationWebhooks: Webhooks, applicationProviders: Providers } = useFeatureSlots();
  const can = useHasAction();
  const tabs = TABS.filter((key) => {
    if (key === 'webhooks') return Webhooks && can('retrieve', WEBHOOK_PERMISSION_ID);
    // The application's own permission, which the server checks for its providers.
    if (key === 'providers') return Providers !== undefined;
    return true;
  });
  const tab: TabKey = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabKey)
    : 'objects';

  if (!appId) return <Notice type="info" showIcon title={t('noApplication')} />;

  const panes: Record<TabKey, () => ReactNode> = {
    objects: () => <ObjectsTab appId={appId} />,
    sets: () => <SetsTab appId={appId} />,
    acl: () => <AclTab appId={appId} />,
    apis: () => <ApisTab appId={appId} />,
    pages: () => <PagesTab appId={appId} />,
    webhooks: () =>
      Webhooks && (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Webhooks appId={appId} title={t('webhooks')} />
        </Suspense>
      ),
    providers: () =>
      Providers && (
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Providers appId={appId} />
        </Suspense>
      ),
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={application.data ? `${application.data.name} (${appId})` : appId}
        loading={application.isPending}
        extra={
          application.data ? (
            <ConfigTransfer
              subject={appId}
              formats={[CONFIG_FORMATS.application]}
              exportDocument={() => exportConfig(appId)}
              previewImport={(document) => previewConfigImport(appId, document)}
              applyImport={(document) => importConfig(appId, document)}
            />
          ) : null
        }
      >
        {application.isError ? (
          <Notice type="warning" showIcon title={t('notFound')} />
        ) : (
          <Descriptions column={2} size="small">
            <Descriptions.Item label={t('applicationId')}>{appId}</Descriptions.Item>
            <Descriptions.Item label={t('description')}>
              {application.data?.description || '--'}
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag status={application.data?.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('configure')}>
              <Space wrap>
                {APP_CONFIG_SCREENS.map((screen) => (
                  <Link key={screen} to={toAppConfig(screen, { appId })}>
                    {t(SCREEN_TEXT[screen])}
                  </Link>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Tabs
        activeKey={tab}
        // Another tab's list starts on its first page, with no search.
        onChange={(key) => setParams({ appId, tab: key })}
        destroyOnHidden
        items={tabs.map((key) => ({ key, label: t(key), children: panes[key]() }))}
      />
    </Space>
  );
}
