import { areaCodes } from '../shared/access-codes';

/**
 * The buttons of Manage Organization and Edit Organization. The server checks both screens'
 * calls as Manage Organization, so the per-route check reads that permission on both.
 */
export const ORGANIZATION_CODES = areaCodes('organization', 'admin-setting.manage-organization');
