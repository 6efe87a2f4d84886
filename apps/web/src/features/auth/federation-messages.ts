import { defineMessages } from '@/lib/i18n';

/**
 * The texts of signing in through an identity provider, in English and Simplified Chinese.
 * Apart from the sign-in page's own: they load with the providers' buttons, after it.
 */
export const useFederationMessages = defineMessages(
  'federation',
  {
    otherWays: 'Other ways to sign in',
    signingIn: 'Signing in…',
    yourProvider: 'your identity provider',
  },
  {
    otherWays: '其他登录方式',
    signingIn: '正在登录…',
    yourProvider: '您的身份提供方',
  },
);
