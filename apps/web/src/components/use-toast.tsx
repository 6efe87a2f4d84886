import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '@/lib/server-messages';

export type Toast = Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;

const ToastsHere = createContext<MessageInstance | undefined>(undefined);

/**
 * Where the console's toasts show: antd's message API rendered in this tree, so they follow
 * the theme and language. Only the messages: antd's <App> would bring its modal and
 * notification code to every screen as well, on the way to a list.
 */
export function ToastHolder({ children }: { children: ReactNode }) {
  const [api, holder] = staticMessage.useMessage();
  return (
    <ToastsHere.Provider value={api}>
      {holder}
      {children}
    </ToastsHere.Provider>
  );
}

/** The message API of the nearest ToastHolder, if there is one. */
export const useHeldToasts = () => useContext(ToastsHere);

/**
 * antd's message API: the ToastHolder's when there is one, otherwise the static one, so the
 * components also work outside the shell (tests, stories). A text that is one of the
 * contract's messages shows in the console's language.
 */
export function useToast(): Toast {
  const api = useHeldToasts() ?? staticMessage;
  const { i18n } = useTranslation();
  const language = i18n.language;
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
