import type { AccountPath } from '@/lib/route-module';

export const ACCOUNT_PATHS = {
  accountSetting: '/account-setting',
  profile: '/profile-page',
} as const satisfies Record<string, AccountPath>;
