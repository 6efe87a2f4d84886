import { MESSAGES, PRODUCT_NAME } from '@gatehouse/contract';
import {
  addCatalogue,
  type CataloguePart,
  formatMessage,
  hasCatalogue,
  LANGUAGES,
  type Language,
  type Message,
} from '@gatehouse/contract/i18n';
import i18n from 'i18next';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { storage } from './storage';

export { LANGUAGES, type Language, type Message };

const LANGUAGE_KEY = 'Language';
/** What `<html lang>` says for each console language. */
export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

/**
 * Shell strings only; the messages the server and the console share are the contract's
 * (`say`). Two of them are the shell's too, rendered from the English catalogue.
 */
const en = {
  noPermission: formatMessage(MESSAGES.noPermission),
  signIn: 'Sign in',
  signOut: 'Sign out',
  username: 'Username',
  password: 'Password',
  profile: 'Profile',
  accountSetting: 'Account Setting',
  navigation: 'Main navigation',
  collapseNavigation: 'Collapse the navigation',
  expandNavigation: 'Expand the navigation',
  loading: 'Loading…',
  comingSoon: formatMessage(MESSAGES.comingSoon),
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist.',
  backHome: 'Back to home',
  welcome: 'Welcome, {{name}}',
  switchLanguage: '中文',
  productName: PRODUCT_NAME,
  retry: 'Retry',
};

export type ShellKey = keyof typeof en;

const zh: Record<ShellKey, string> = {
  noPermission: '暂无权限',
  signIn: '登录',
  signOut: '退出登录',
  username: '用户名',
  password: '密码',
  profile: '个人资料',
  accountSetting: '账户设置',
  navigation: '主导航',
  collapseNavigation: '收起导航',
  expandNavigation: '展开导航',
  loading: '加载中…',
  comingSoon: '此功能暂未开放。',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在。',
  backHome: '返回首页',
  welcome: '欢迎，{{name}}',
  switchLanguage: 'English',
  productName: PRODUCT_NAME,
  retry: '重试',
};

/** The language stored from the last visit, whose catalogue main.tsx loads before the first render. */
export function storedLanguage(): Language {
  const value = storage.get<string>(LANGUAGE_KEY);
  return value === 'zh' ? 'zh' : 'en';
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  // Resources are bundled, so there is nothing to wait for before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
});

function applyToDocument(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[language === 'zh' ? 'zh' : 'en'];
}
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/**
 * Makes the contract's messages in `language` available: English is bundled, the Chinese
 * catalogue loads on demand, so the sign-in page in English does not carry it. A catalogue
 * that fails to load leaves the messages in English rather than failing the switch.
 */
export function loadCatalogue(language: Language): Promise<void> {
  if (hasCatalogue(language) || language === 'en') return Promise.resolve();
  return import('@gatehouse/contract/i18n/zh').then(
    ({ ZH }) => addCatalogue('zh', ZH),
    (error: unknown) => console.warn('The Chinese messages could not be loaded', error),
  );
}

/**
 * Adds a part of the contract's English catalogue, the console's or an area's, from the module
 * that first needs it (the console layout, an area's messages), so that it is there before
 * anything of that module draws and the way in carries only its own part.
 */
export function addMessages(part: CataloguePart): void {
  addCatalogue('en', part);
}

/**
 * Switches the console's language once its catalogue is there (at once when it already is),
 * so no screen renders its shell in one language and the contract's messages in the other.
 */
export function setLanguage(language: Language): Promise<void> {
  storage.set(LANGUAGE_KEY, language, null);
  if (hasCatalogue(language)) {
    void i18n.changeLanguage(language);
    return Promise.resolve();
  }
  return loadCatalogue(language).then(() => {
    // A later switch that came back first wins.
    if (storedLanguage() === language) void i18n.changeLanguage(language);
  });
}

const languageOf = (value: string): Language => (value === 'zh' ? 'zh' : 'en');

/**
 * A contract message in the console's language (or `language`). Text that is not a message
 * (a server's own wording with a key this console does not know) shows as it is.
 */
export function say(message: Message | string, language: Language = languageOf(i18n.language)): string {
  return typeof message === 'string' ? message : formatMessage(message, language);
}

/** `say` for a component: it draws again when the language changes. */
export function useSay(): (message: Message | string) => string {
  const language = languageOf(useLanguage());
  return useCallback((message: Message | string) => say(message, language), [language]);
}

const onLanguageChange = (notify: () => void) => {
  i18n.on('languageChanged', notify);
  return () => i18n.off('languageChanged', notify);
};

/**
 * The console's language, drawing the component again when it changes: what react-i18next's
 * `useTranslation` does for bundled texts, at a fraction of its cost in a table's every row.
 */
export function useLanguage(): string {
  return useSyncExternalStore(onLanguageChange, () => i18n.language);
}

/** Options of a translated text: interpolated values, and `count` for plurals. */
export type MessageOptions = Record<string, string | number>;

/**
 * A feature's texts in English and Simplified Chinese, under a namespace of their own. The
 * bundle is added when the feature's module loads (a lazy route's chunk included), so the
 * login page carries only its own texts. The Chinese record must name every English key.
 *
 *   const useT = defineMessages('users', { title: 'Users' }, { title: '用户' });
 *   const t = useT(); t('title');
 */
export function defineMessages<T extends Record<string, string>>(
  namespace: string,
  en: T,
  zh: Record<keyof T, string>,
): () => (key: keyof T & string, options?: MessageOptions) => string {
  i18n.addResourceBundle('en', namespace, en, true, true);
  i18n.addResourceBundle('zh', namespace, zh, true, true);
  // A text without options is the same every time in a language, and a table asks for it
  // in every row (a status tag's ENABLED), so it is looked up once.
  const plain = new Map<string, string>();
  return function useMessages() {
    const language = useLanguage();
    return useMemo(() => {
      const t = i18n.getFixedT(language, namespace);
      return (key, options) => {
        if (options) return t(key, options);
        const id = `${language} ${key}`;
        let text = plain.get(id);
        if (text === undefined) {
          text = t(key);
          plain.set(id, text);
        }
        return text;
      };
    }, [language]);
  };
}

export { i18n };
