import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { configureHttp } from '../lib/http';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** Hands antd's message API, which needs the <App> context, to the HTTP client. */
function HttpToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    configureHttp({ notify: (text) => void message.error(text) });
  }, [message]);
  return null;
}

/** antd's own texts follow the shell language; the Chinese pack loads only when chosen. */
function useAntdLocale(): Locale | undefined {
  const { i18n: instance } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let current = true;
    if (instance.language === 'zh') {
      void import('antd/es/locale/zh_CN').then((m) => current && setLocale(m.default));
    } else {
      setLocale(undefined);
    }
    return () => {
      current = false;
    };
  }, [instance.language]);
  return locale;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <App>
        <HttpToastBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
