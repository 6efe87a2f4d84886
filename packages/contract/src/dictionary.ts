import { z } from 'zod';
import { plainText } from './catalog.ts';
import {
  applicationIdSchema,
  codeSchema,
  descriptionSchema,
  multi,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';

/**
 * The data dictionary (spec §3, §7, §9): per application, named lists of values (items) with
 * English and Chinese labels, read by the console's forms and managed on the `data-dict` screen.
 */

/** The dictionary of the data accesses' categories, seeded in the platform application. */
export const DATA_ACCESS_CATEGORY_DICTIONARY = 'data-access-category';

export const DICTIONARY_MESSAGES = {
  unknownDictionary: m('dictionary.unknownDictionary'),
  movedItem: m('dictionary.movedItem'),
} as const;

/** `status=-1` of the legacy calls: every status. */
export const ALL_STATUSES = '-1';
const legacyStatusSchema = z.enum([ALL_STATUSES, 'ENABLED', 'DISABLED']).default('ENABLED');

export const dictionaryItemSchema = z.object({
  itemId: z.string(),
  dictionaryId: z.string(),
  code: z.string(),
  labelEn: z.string(),
  labelZh: z.string(),
  order: z.number().int(),
  status: statusSchema,
  ...timestamps,
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const dictionarySchema = z.object({
  dictionaryId: z.string(),
  applicationId: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** A value outside the items is accepted where the dictionary offers its values. */
  allowCustom: z.boolean(),
  status: statusSchema,
  ...timestamps,
});
export type Dictionary = z.infer<typeof dictionarySchema>;

/** An entry of the legacy list: the spec's dictionaryName, dictionaryId and items. */
export const legacyDictionarySchema = dictionarySchema.extend({
  dictionaryName: z.string(),
  items: z.array(dictionaryItemSchema),
});
export type LegacyDictionary = z.infer<typeof legacyDictionarySchema>;

/** `GET /dictionary/list?applicationId[0]=platform&status=-1`. */
export const legacyDictionaryListQuerySchema = z.object({
  applicationId: z
    .preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(applicationIdSchema).min(1).max(20),
    )
    .describe('applicationId[0]=platform: the applications whose dictionaries to list'),
  status: legacyStatusSchema,
});
/** `GET /dictionary/item/?dictionaryId=…&status=-1`. */
export const legacyDictionaryItemQuerySchema = z.object({
  dictionaryId: z.uuid({ error: MESSAGES.required.key }),
  status: legacyStatusSchema,
});

export const createDictionarySchema = z.object({
  applicationId: applicationIdSchema,
  code: codeSchema,
  name: plainText(200),
  description: descriptionSchema,
  allowCustom: z.boolean().default(false),
});
export type CreateDictionary = z.infer<typeof createDictionarySchema>;
export const updateDictionarySchema = createDictionarySchema.extend({
  dictionaryId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateDictionary = z.infer<typeof updateDictionarySchema>;
export const dictionaryListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  code: z.string().trim().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
});
export type DictionaryListQuery = z.infer<typeof dictionaryListQuerySchema>;

export const createDictionaryItemSchema = z.object({
  dictionaryId: z.uuid({ error: MESSAGES.required.key }),
  code: codeSchema,
  labelEn: plainText(200),
  labelZh: plainText(200),
  order: z.coerce.number({ error: MESSAGES.required.key }).int().min(0).max(100_000).default(1),
});
export type CreateDictionaryItem = z.infer<typeof createDictionaryItemSchema>;
export const updateDictionaryItemSchema = createDictionaryItemSchema.extend({
  itemId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateDictionaryItem = z.infer<typeof updateDictionaryItemSchema>;
export const dictionaryItemListQuerySchema = searchQuerySchema.extend({
  dictionaryId: z.uuid({ error: MESSAGES.required.key }),
  code: z.string().trim().max(100).optional(),
  status: multi(statusSchema),
});
export type DictionaryItemListQuery = z.infer<typeof dictionaryItemListQuerySchema>;
