import { useTranslation } from 'react-i18next';
import { localizeMessage } from '@/lib/server-messages';

/**
 * A contract message in the current language, re-rendered when it changes. For texts fixed
 * before render, such as a form rule's `message`.
 */
export function Localized({ text }: { text: string }) {
  const { i18n } = useTranslation();
  return <>{localizeMessage(text, i18n.language)}</>;
}
