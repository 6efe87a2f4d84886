import { QueryClientProvider } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { MessageInstance } from 'antd/es/message/interface';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Shown } from '../lib/http';
import { i18n, say } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { useReducedMotion, useTheme } from '../lib/theme';

/**
 * The console's toasts while the console layout, which holds them, is on screen. They sit
 * there rather than here: their code is not for the sign-in page.
 */
let consoleToasts: MessageInstance | undefined;
export function useConsoleToastsForHttp(api: MessageInstance) {
  useEffect(() => {
    consoleToasts = api;
    return () => {
      if (consoleToasts === api) consoleToasts = undefined;
    };
  }, [api]);
}

/**
 * The HTTP client's error toast: with the console's toasts inside the console, elsewhere from
 * antd's static API, loaded with the first error (the sign-in page reports its own errors).
 * A toast raised on the way out of the console (a lost session) takes the static API too: the
 * console's own toasts go with its layout.
 */
export function showHttpError(message: Shown, leaving?: boolean) {
  const text = say(message);
  if (consoleToasts && !leaving) void consoleToasts.error(text);
  else void import('antd/es/message').then(({ default: toast }) => toast.error(text));
}

/** Whether dayjs was switched away from its built-in English, and so must be switched back. */
let dayjsLocalized = false;

/**
 * antd's own texts and dayjs's (month and weekday names in the pickers) follow the shell
 * language; the Chinese packs load only when chosen, and dayjs only with them or a picker.
 */
function useAntdLocale(): Locale | undefined {
  const { i18n: instance } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let current = true;
    if (instance.language === 'zh') {
      void Promise.all([import('antd/es/locale/zh_CN'), import('dayjs'), import('dayjs/locale/zh-cn')]).then(
        ([antdZh, { default: dayjs }]) => {
          if (!current) return;
          dayjs.locale('zh-cn');
          dayjsLocalized = true;
          setLocale(antdZh.default);
        },
      );
    } else {
      setLocale(undefined);
      if (dayjsLocalized)
        void import('dayjs').then(({ default: dayjs }) => {
          if (!current) return;
          dayjs.locale('en');
          dayjsLocalized = false;
        });
    }
    return () => {
      current = false;
    };
  }, [instance.language]);
  return locale;
}

/** The page behind the layout (and beyond its edges) takes the theme's background. */
function BodyBackground() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [token.colorBgLayout, token.colorText]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  const algorithm = useTheme() === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  // A system set to reduce motion gets dialogs, menus and toasts without their animations.
  const motion = !useReducedMotion();
  const theme = useMemo(() => ({ algorithm, token: { motion } }), [algorithm, motion]);
  useEffect(() => {
    // Toasts outside the console's ToastHolder (on the public pages, and the one after signing out, which outlives
    // the console layout) come from antd's static API, rendered apart from this tree.
    ConfigProvider.config({
      holderRender: (holder) => (
        <ConfigProvider locale={locale} theme={theme}>
          {holder}
        </ConfigProvider>
      ),
    });
  }, [locale, theme]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <BodyBackground />
      {children}
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
