import { z } from 'zod';
import { CATALOG_MESSAGES } from './catalog.ts';
import {
  applicationIdSchema,
  codeSchema,
  multi,
  requiredString,
  searchQuerySchema,
  timestamps,
} from './common.ts';
import { MESSAGES } from './messages.ts';

/** Data accesses (spec §3, §7 legacy endpoints). */
export const dataAccessSchema = z.object({
  resourceId: z.string(),
  name: z.string(),
  id: z.string(),
  category: z.string(),
  applicationId: z.string(),
  /** The data object the access is about, if any (v2 `object`), and one set of its instances. */
  objectId: z.string().nullable(),
  setId: z.string().nullable(),
  ...timestamps,
});
export type DataAccess = z.infer<typeof dataAccessSchema>;
export const createDataAccessSchema = z.object({
  name: requiredString(200),
  id: codeSchema,
  category: requiredString(100),
  applicationId: applicationIdSchema,
  /** Optional scope: an object of the application; a set needs its object, or implies it. */
  objectId: z.uuid({ error: CATALOG_MESSAGES.unknownObject.key }).nullish(),
  setId: z.uuid({ error: CATALOG_MESSAGES.unknownSet.key }).nullish(),
});
export type CreateDataAccess = z.infer<typeof createDataAccessSchema>;
export const updateDataAccessSchema = createDataAccessSchema.extend({
  resourceId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateDataAccess = z.infer<typeof updateDataAccessSchema>;
export const dataAccessListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  category: multi(z.string().max(100)),
});
export type DataAccessListQuery = z.infer<typeof dataAccessListQuerySchema>;
/** The distinct categories of an application: the options of the category multi-select. */
export const dataAccessCategoriesQuerySchema = z.object({ applicationId: applicationIdSchema });
export const dataAccessCategoriesSchema = z.array(z.string());
