import { z } from 'zod';
import {
  applicationIdSchema,
  CONTROL_CHARACTERS,
  codeSchema,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { APP_CONFIG_MESSAGES, MESSAGES } from './messages.ts';

/** Resources (spec §3, §4, §7): a tree of categories > menus > elements per application. */
export const RESOURCE_TYPES = ['CATEGORY', 'MENU', 'ELEMENT'] as const;
export const resourceTypeSchema = z.enum(RESOURCE_TYPES, { error: MESSAGES.required.key });
export type ResourceType = z.infer<typeof resourceTypeSchema>;
/** Which parent type each type may sit under (spec §4); null is the root. */
export const RESOURCE_PARENT_RULES: Record<ResourceType, (ResourceType | null)[]> = {
  CATEGORY: [null],
  MENU: ['CATEGORY', 'MENU'],
  ELEMENT: ['MENU'],
};
/**
 * What a menu URL may be: a console path (`/…`, but not `//…` or `/\…`, which browsers read
 * as another host), or an http(s) URL for an external link. Nothing with white space or
 * control characters, and no other scheme (`javascript:`, `data:`). The server stores
 * nothing else and the console links to nothing else.
 */
export function isMenuUrl(url: string): boolean {
  if (CONTROL_CHARACTERS.test(url) || /\s/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  // Spelled out, so that `https:evil.example` or `https:\\evil.example` do not pass as URLs.
  if (!/^https?:\/\/[^/\\]/i.test(url)) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export const resourceSchema = z.object({
  resourceId: z.string(),
  name: z.string(),
  id: z.string(),
  type: resourceTypeSchema,
  url: z.string().nullable(),
  order: z.number().int(),
  status: statusSchema,
  applicationId: z.string(),
  parentId: z.string().nullable(),
  /** How many direct children the node has, so the tree shows an expander only where useful. */
  childCount: z.number().int(),
  /**
   * The icon a category or menu shows in the navigation, one of the console's icon names
   * (the /icons page lists them); null for none. Left out by servers older than the field.
   */
  icon: z.string().nullable().optional(),
  ...timestamps,
});
export type Resource = z.infer<typeof resourceSchema>;
export const createResourceSchema = z.object({
  name: requiredString(200),
  id: codeSchema,
  type: resourceTypeSchema,
  /** '' or null is no URL. */
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isMenuUrl(v), { error: APP_CONFIG_MESSAGES.urlFormat.key })
    .nullish(),
  // null and '' would coerce to 0; a cleared field is a missing one.
  order: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number({ error: MESSAGES.required.key }).int().min(0).max(1_000_000),
  ),
  status: statusSchema,
  applicationId: applicationIdSchema,
  parentId: z.uuid().nullish(),
  /** '' or null is no icon; left out of an update, the icon stays as it is (older clients send none). */
  icon: z.string().trim().max(100).nullish(),
});
export type CreateResource = z.infer<typeof createResourceSchema>;
export const updateResourceSchema = createResourceSchema.extend({
  resourceId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateResource = z.infer<typeof updateResourceSchema>;
export const resourceListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  type: multi(resourceTypeSchema),
  status: multi(statusSchema),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;
