import { elementCodes } from '@gatehouse/contract';
import { APPLICATIONS_PATHS } from '../paths';

/**
 * The button elements Application Detail checks (spec §6). It shares the Application menu
 * (`sameScreenAs`), whose elements are create, update and status; removing a record of the
 * application's catalogue is part of editing the application, so Delete needs `update` there
 * (and the role's delete on the call's permission, which the server checks).
 */
const SHARED = elementCodes(APPLICATIONS_PATHS.applicationDetail);
export const APPLICATION_CODES = { ...SHARED, delete: SHARED.update } as const;
