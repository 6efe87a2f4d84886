import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { defineMessages, type Language, setLanguage } from '@/lib/i18n';
import { setTheme, type Theme, useTheme } from '@/lib/theme';
import { updatePreferences } from './api/update-preferences';

const useT = defineMessages(
  'preferences',
  { darkMode: 'Dark mode', lightMode: 'Light mode' },
  { darkMode: '深色模式', lightMode: '浅色模式' },
);

const keepForUser = (change: { language?: Language; theme?: Theme }) =>
  // Quiet on failure: the choice already holds in this browser.
  void updatePreferences(change).catch(() => undefined);

/** Switches between English and 简体中文; the button names the other language in its own words. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const other: Language = i18n.language === 'zh' ? 'en' : 'zh';
  return (
    <Button
      type="text"
      size="small"
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      onClick={() => {
        setLanguage(other);
        keepForUser({ language: other });
      }}
    >
      {t('switchLanguage')}
    </Button>
  );
}

/** The sun in dark mode (back to light), the moon in light mode. */
export function ThemeToggle() {
  const t = useT();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <Button
      type="text"
      size="small"
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      aria-label={t('darkMode')}
      aria-pressed={dark}
      title={dark ? t('lightMode') : t('darkMode')}
      onClick={() => {
        const next: Theme = dark ? 'light' : 'dark';
        setTheme(next);
        keepForUser({ theme: next });
      }}
    />
  );
}

/** The two side by side, at antd's small spacing (a plain box: Space is not otherwise on the sign-in page). */
export function PreferenceControls() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <LanguageSwitch />
      <ThemeToggle />
    </span>
  );
}
