import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/**
 * C0 and C1 controls, DEL included. No text field holds them: PostgreSQL refuses NUL in
 * text outright, and the rest only hide or reorder what a reader sees.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The controls a multi-line text (a description) may not hold: all but tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
export const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const noControls = (v: string) => !CONTROL_CHARACTERS.test(v);

/**
 * A required, trimmed, non-empty one-line string whose messages read "This item is required";
 * control characters are refused with a message of their own.
 */
export function requiredString(max = 255) {
  return z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .trim()
    .min(1, { error: MESSAGES.required.key })
    .max(max)
    .refine(noControls, { error: MESSAGES.controlCharacters.key });
}

/** An optional one-line string (a search field): trimmed, at most `max`, no control characters. */
export function optionalText(max = 200) {
  return z.string().trim().max(max).refine(noControls, { error: MESSAGES.controlCharacters.key }).optional();
}

export const ENABLED_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const statusSchema = z.enum(ENABLED_STATUSES, { error: MESSAGES.required.key });
export type Status = z.infer<typeof statusSchema>;

/** Paging parameters: `page` is 0-based, `size` is capped at 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(100).optional(),
});

/** The v2 list envelope. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number().int() });
}
export type Page<T> = { content: T[]; totalElements: number };

export const okSchema = z.object({ ok: z.literal(true) });

/** An optional description; empty means none. Tabs and line breaks are its only controls. */
export const descriptionSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => !CONTROL_CHARACTERS_BUT_LINES.test(v), { error: MESSAGES.controlCharacters.key })
  .nullish();

/** Codes users choose (`id` fields): letters, digits and `-_.:`; unique within an application. */
export const codeSchema = requiredString(100).regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, {
  error: 'field.code',
});
export const applicationIdSchema = requiredString(100);

/** Search parameters shared by the lists: `keyword` matches any text field (the "All" choice). */
// An empty search field (the console's cleared date picker) means "no filter", not an error.
const dateParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}\/\d{2}\/\d{2}$/, { error: 'field.date' })
    .optional(),
);
export const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20).optional());
export const searchQuerySchema = pageQuerySchema.extend({
  keyword: optionalText(200),
  /** Created on or after this day (YYYY/MM/DD, UTC). */
  createdFrom: dateParam,
  /** Created on or before this day (YYYY/MM/DD, UTC). */
  createdTo: dateParam,
});
export const timestamps = { createdDate: z.string(), lastModifiedDate: z.string() };

/** The body of every v2 `PUT …/{id}/status`. */
export const statusBodySchema = z.object({ status: statusSchema });
