import type { User } from '@gatehouse/contract';
import { confirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/use-toast';
import { defineMessages } from '@/lib/i18n';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';

export const useResetTwoFactorMessages = defineMessages(
  'users-two-factor',
  {
    action: 'Reset two-factor',
    title: 'Reset two-factor sign-in for {{name}}?',
    body: 'Their authenticator app and recovery codes stop working, and every session they have ends; they sign in with the password alone until they turn two-factor sign-in on again.',
    ok: 'Reset',
    cancel: 'Cancel',
    done: 'Two-factor sign-in reset',
  },
  {
    action: '重置两步验证',
    title: '要重置 {{name}} 的两步验证登录吗？',
    body: '其身份验证器应用和恢复码将失效，其所有会话也将结束；在重新开启两步验证登录之前，仅凭密码即可登录。',
    ok: '重置',
    cancel: '取消',
    done: '两步验证登录已重置',
  },
);

/** The row action "Reset two-factor": asks first, then turns the user's second factor off. */
export function useResetTwoFactor(): (user: User) => void {
  const t = useResetTwoFactorMessages();
  const toast = useToast();
  const reset = useResetUserTwoFactor();
  return (user) =>
    confirmDialog({
      title: t('title', { name: user.username }),
      content: t('body'),
      okText: t('ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        await reset.mutateAsync(user.userId);
        toast.success(t('done'));
      },
    });
}
