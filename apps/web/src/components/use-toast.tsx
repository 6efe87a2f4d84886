import { isMessage, type Message } from '@gatehouse/contract/i18n';
import { message as staticMessage } from 'antd';
import type { ArgsProps, JointContent, MessageInstance, MessageType } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useSay } from '@/lib/i18n';

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

/** A toast's content: antd's, or a contract message, alone or as the `content` of antd's options. */
export type ToastContent = JointContent | Message | (Omit<ArgsProps, 'content'> & { content: Message });
type Show = (content: ToastContent, ...rest: Tail<Parameters<MessageInstance['success']>>) => MessageType;
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;
export type Toast = Record<'success' | 'error' | 'info' | 'warning', Show>;

/**
 * antd's message API: the ToastHolder's when there is one, otherwise the static one, so the
 * components also work outside the shell (tests, stories). A contract message shows in the
 * console's language.
 */
export function useToast(): Toast {
  const api = useHeldToasts() ?? staticMessage;
  const say = useSay();
  return useMemo(() => {
    const render = (content: ToastContent): JointContent => {
      if (isMessage(content)) return say(content);
      if (content && typeof content === 'object' && 'content' in content && isMessage(content.content))
        return { ...content, content: say(content.content) };
      return content as JointContent;
    };
    // The other arguments go on as given, so antd sees the same call with the text rendered.
    const rendered =
      (show: MessageInstance['success']): Show =>
      (content, ...rest) =>
        show(render(content), ...rest);
    return {
      success: rendered(api.success),
      error: rendered(api.error),
      info: rendered(api.info),
      warning: rendered(api.warning),
    };
  }, [api, say]);
}
