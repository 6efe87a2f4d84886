import { z } from 'zod';
import {
  codeSchema,
  descriptionSchema,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';

/** Applications (v2): each groups its data accesses, permissions, resources and clients. */
export const applicationSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  productId: z.string().nullable(),
  status: statusSchema,
  builtin: z.boolean(),
  /** Every enabled user may sign in to it through OIDC, with or without a role in it. */
  openToAllUsers: z.boolean(),
  ...timestamps,
});
export type Application = z.infer<typeof applicationSchema>;
export const createApplicationSchema = z.object({
  applicationId: codeSchema,
  name: requiredString(200),
  description: descriptionSchema,
  productId: z.string().trim().max(100).nullish(),
  openToAllUsers: z.boolean().optional(),
});
export type CreateApplication = z.infer<typeof createApplicationSchema>;
/** `PUT /v2/application`: the key in the body; fields left out keep their value. */
export const updateApplicationSchema = z.object({
  applicationId: z.string().trim().min(1).max(100),
  name: requiredString(200).optional(),
  description: descriptionSchema,
  /** The product it belongs to; null takes it out of its product. */
  productId: z.string().trim().max(100).nullish(),
  /** A disabled application's clients get no tokens; the built-in platform cannot be disabled. */
  status: statusSchema.optional(),
  openToAllUsers: z.boolean().optional(),
});
export type UpdateApplication = z.infer<typeof updateApplicationSchema>;
export const applicationListQuerySchema = searchQuerySchema.extend({
  applicationId: z.string().trim().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
  /** The applications of one product. */
  productId: z.string().trim().max(100).optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;
