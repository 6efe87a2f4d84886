import type { NavPath } from '@gatehouse/contract';

/** System › Webhooks: the platform's webhooks. An application's are a tab of Application Detail. */
export const WEBHOOK_PATH = '/admin-setting/webhook' satisfies NavPath;
