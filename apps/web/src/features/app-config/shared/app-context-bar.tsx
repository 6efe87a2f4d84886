import { AppstoreOutlined } from '@ant-design/icons';
import type { Application } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { applicationChoice, applicationChoicesQueryOptions } from '@/api/applications';
import { Notice } from '@/components/notice';
import { SkeletonLines } from '@/components/placeholders';
import { APPLICATIONS_PATHS } from '@/features/applications/paths';
import { APP_CONFIG_SCREENS, APP_ID_PARAM, toAppConfig } from '../paths';
import { useAppConfigT } from './messages';
import { useCurrentApplication } from './use-current-application';

// Shown only until an application is chosen: its code, with the result illustrations, waits.
const Result = lazy(() => import('antd/es/result'));

/** Typing pauses this long before the picker asks the server, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Going to another application keeps the screen but not its page or search: those belonged
 * to the previous application's records.
 */
function useSwitchApplication(): (appId: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [, setParams] = useSearchParams();
  return (appId) => {
    const screen = APP_CONFIG_SCREENS.find((s) => toAppConfig(s) === pathname);
    if (screen) navigate(toAppConfig(screen, { appId }));
    else setParams(new URLSearchParams({ [APP_ID_PARAM]: appId }));
  };
}

type PickerProps = { current?: Application; appId?: string; onChange: (appId: string) => void };

/** A searchable select of applications; the search runs on the server. */
function ApplicationPicker({ current, appId, onChange }: PickerProps) {
  const t = useAppConfigT();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // Only ask for the list once the user opens the picker: most visits never switch.
  // The previous choices stay while the next ones load, so the list does not flicker as one types.
  const options = useQuery({
    ...applicationChoicesQueryOptions(keyword),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const choices = useMemo(() => {
    const list = options.data ?? [];
    return current && !list.some((c) => c.value === current.applicationId)
      ? [applicationChoice(current), ...list]
      : list;
  }, [options.data, current]);

  return (
    <Select
      aria-label={t('switchApplication')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      placeholder={t('searchApplications')}
      value={appId}
      options={choices}
      loading={options.isFetching}
      notFoundContent={options.isFetching ? t('loading') : t('noMatchingApplication')}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      onChange={(value: string) => {
        if (value !== appId) onChange(value);
      }}
      style={{ width: 320 }}
      popupMatchSelectWidth={false}
    />
  );
}

function ApplicationsLink() {
  const t = useAppConfigT();
  return (
    <Link to={APPLICATIONS_PATHS.application}>
      <Button icon={<AppstoreOutlined />}>{t('goToApplications')}</Button>
    </Link>
  );
}

/**
 * The application the app-config screen is configuring, with a picker to switch to another.
 * Without a known `appId` it asks the user to choose one instead.
 */
export function AppContextBar() {
  const current = useCurrentApplication();
  const switchTo = useSwitchApplication();
  const t = useAppConfigT();

  if (current.status === 'loading') {
    return <SkeletonLines rows={1} style={{ width: 320, marginBottom: 16 }} />;
  }

  if (current.status !== 'ready') {
    const copy = {
      missing: { title: t('chooseTitle'), sub: t('chooseText') },
      unknown: { title: t('unknownTitle', { appId: current.appId ?? '' }), sub: t('unknownText') },
      error: { title: t('errorTitle'), sub: t('errorText') },
    }[current.status];
    return (
      <Suspense fallback={null}>
        <Result
          status={current.status === 'missing' ? 'info' : 'warning'}
          title={copy.title}
          subTitle={copy.sub}
          extra={
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 }}>
              <ApplicationPicker appId={current.appId} onChange={switchTo} />
              <ApplicationsLink />
            </div>
          }
        />
      </Suspense>
    );
  }

  const { application } = current;
  return (
    <Notice
      type="info"
      style={{ marginBottom: 16 }}
      title={
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
          }}
        >
          <span data-testid="current-application">
            {t('applicationLabel')}
            <strong style={{ fontWeight: 'var(--ant-font-weight-strong, 600)' }}>{application.name}</strong> (
            {application.applicationId})
          </span>
          <ApplicationPicker current={application} appId={application.applicationId} onChange={switchTo} />
        </div>
      }
    />
  );
}
