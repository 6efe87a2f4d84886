import { z } from 'zod';
import { codeSchema, multi, requiredString, searchQuerySchema, statusSchema, timestamps } from './common.ts';

/** Applications (v2): each groups its data accesses, permissions, resources and clients. */
export const applicationSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  productId: z.string().nullable(),
  status: statusSchema,
  builtin: z.boolean(),
  ...timestamps,
});
export type Application = z.infer<typeof applicationSchema>;
export const createApplicationSchema = z.object({
  applicationId: codeSchema,
  name: requiredString(200),
  description: z.string().trim().max(2000).nullish(),
  productId: z.string().trim().max(100).nullish(),
});
export type CreateApplication = z.infer<typeof createApplicationSchema>;
export const applicationListQuerySchema = searchQuerySchema.extend({
  applicationId: z.string().trim().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
