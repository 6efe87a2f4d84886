import { defineMessages } from '@/lib/i18n';

/** The sign-in page's own texts and the single sign-on entry, in English and Simplified Chinese. */
export const useLoginMessages = defineMessages(
  'login',
  {
    forgotPassword: 'Forgot password?',
    singleSignOn: 'Single sign-on',
    redirecting: 'Redirecting to single sign-on…',
    signIn: 'Sign in',
    chooseHow: 'Choose how to sign in.',
    withSso: 'Sign in with single sign-on',
    withPassword: 'Sign in with a username and password',
  },
  {
    forgotPassword: '忘记密码？',
    singleSignOn: '单点登录',
    redirecting: '正在跳转到单点登录…',
    signIn: '登录',
    chooseHow: '请选择登录方式。',
    withSso: '使用单点登录',
    withPassword: '使用用户名和密码登录',
  },
);
