import { Modal, type ModalFuncProps } from 'antd';
import { whileOpen } from './open-dialogs';

/**
 * A confirm dialog: antd's static confirm, which the providers set to follow the theme and
 * language, closed with the console when the session ends (open-dialogs.ts).
 */
export function confirmDialog(config: ModalFuncProps): void {
  let forget = () => {};
  const instance = Modal.confirm({
    ...config,
    afterClose: () => {
      forget();
      config.afterClose?.();
    },
  });
  forget = whileOpen(instance.destroy);
}
