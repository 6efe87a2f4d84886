import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES, PRODUCT_NAME } from '@gatehouse/contract';
import { storage } from './storage';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'Language';

/** Shell strings only; domain messages live in the contract and are English. */
const en = {
  noPermission: MESSAGES.noPermission,
  signIn: 'Sign in',
  signOut: 'Sign out',
  username: 'Username',
  password: 'Password',
  profile: 'Profile',
  accountSetting: 'Account Setting',
  navigation: 'Main navigation',
  loading: 'Loading…',
  comingSoon: MESSAGES.comingSoon,
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist.',
  backHome: 'Back to home',
  welcome: 'Welcome, {{name}}',
  switchLanguage: '中文',
  productName: PRODUCT_NAME,
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
  loading: '加载中…',
  comingSoon: '此功能暂未开放。',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在。',
  backHome: '返回首页',
  welcome: '欢迎，{{name}}',
  switchLanguage: 'English',
  productName: PRODUCT_NAME,
};

function storedLanguage(): Language {
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

export function setLanguage(language: Language): void {
  storage.set(LANGUAGE_KEY, language, null);
  void i18n.changeLanguage(language);
}

export { i18n };
