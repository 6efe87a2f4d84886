import { App, message as staticMessage } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '@/lib/server-messages';

type MessageApi = ReturnType<typeof App.useApp>['message'];
export type Toast = Pick<MessageApi, 'success' | 'error' | 'info' | 'warning'>;

/**
 * antd's message API: the one from `<App>` when there is one, so toasts follow the theme,
 * otherwise the static one, so the components also work outside the shell (tests, stories).
 * A text that is one of the contract's messages shows in the console's language.
 */
export function useToast(): Toast {
  const { message } = App.useApp();
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Outside <App> the context holds an empty object rather than a message API.
  const api: MessageApi = typeof message.success === 'function' ? message : staticMessage;
  return useMemo(() => {
    type Show = Toast['success'];
    type Content = Parameters<Show>[0];
    const localize = (content: Content): Content => {
      if (typeof content === 'string') return localizeMessage(content, language);
      if (
        content &&
        typeof content === 'object' &&
        'content' in content &&
        typeof content.content === 'string'
      )
        return { ...content, content: localizeMessage(content.content, language) };
      return content;
    };
    // The arguments go on as given, so antd sees the same call with the text localized.
    const localized =
      (show: Show): Show =>
      (content, ...rest) =>
        show(localize(content), ...rest);
    return {
      success: localized(api.success),
      error: localized(api.error),
      info: localized(api.info),
      warning: localized(api.warning),
    };
  }, [api, language]);
}
