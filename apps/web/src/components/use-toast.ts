import { App, message as staticMessage } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];
export type Toast = Pick<MessageApi, 'success' | 'error' | 'info' | 'warning'>;

/**
 * antd's message API: the one from `<App>` when there is one, so toasts follow the theme,
 * otherwise the static one, so the components also work outside the shell (tests, stories).
 */
export function useToast(): Toast {
  const { message } = App.useApp();
  // Outside <App> the context holds an empty object rather than a message API.
  return typeof message.success === 'function' ? message : staticMessage;
}
