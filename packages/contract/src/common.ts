import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { MESSAGES } from './messages.ts';

/** A required, trimmed, non-empty string whose messages read "This item is required". */
export function requiredString(max = 255) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: `At most ${max} characters` });
}

export const ENABLED_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const statusSchema = z.enum(ENABLED_STATUSES, { error: MESSAGES.required });
export type Status = z.infer<typeof statusSchema>;

/** Paging parameters: `page` is 0-based, `size` is capped at 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sort: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The v2 list envelope. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number().int() });
}
export type Page<T> = { content: T[]; totalElements: number };

export const okSchema = z.object({ ok: z.literal(true) });
