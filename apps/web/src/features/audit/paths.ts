import type { NavPath } from '@gatehouse/contract';

export const AUDIT_LOG_PATH = '/admin-setting/audit-log' satisfies NavPath;
