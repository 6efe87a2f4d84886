import { z } from 'zod';
import {
  applicationIdSchema,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { MESSAGES } from './messages.ts';

/** Application clients (spec §3, §7): OAuth clients; the secret is shown once, at creation. */
export const clientSchema = z.object({
  acId: z.string(),
  clientName: z.string(),
  /** The OAuth client_id. */
  client: z.string(),
  /** The registration id. */
  id: z.string(),
  redirectUrl: z.string().nullable(),
  /** ENABLED or DISABLED; the console shows any other value with a neutral tag. */
  status: z.string(),
  applicationId: z.string(),
  ...timestamps,
});
export type Client = z.infer<typeof clientSchema>;
/** Only the create response carries the secret; it is never returned again. */
export const createdClientSchema = clientSchema.extend({ secret: z.string() });
export type CreatedClient = z.infer<typeof createdClientSchema>;
const redirectUrlSchema = z
  .string()
  .trim()
  .max(2000)
  // Several redirect URIs are separated by white space; each must match exactly at sign-in.
  .refine((v) => v === '' || v.split(/\s+/).every((uri) => /^https?:\/\/\S+$/i.test(uri)), {
    error: 'Enter a valid http(s) URL',
  })
  .nullish();
export const createClientSchema = z.object({
  clientName: requiredString(200),
  redirectUrl: redirectUrlSchema,
  status: statusSchema.default('ENABLED'),
  applicationId: applicationIdSchema,
});
export type CreateClient = z.infer<typeof createClientSchema>;
export const updateClientSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required }),
  clientName: requiredString(200),
  redirectUrl: redirectUrlSchema,
  status: statusSchema.optional(),
});
export type UpdateClient = z.infer<typeof updateClientSchema>;
export const updateClientStatusSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required }),
  status: statusSchema,
});
export type UpdateClientStatus = z.infer<typeof updateClientStatusSchema>;
export const clientListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  clientName: z.string().trim().max(200).optional(),
  client: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
/** The legacy client list envelope of spec §3. */
export const legacyClientListSchema = z.object({
  applicationClientList: z.array(clientSchema),
  total: z.number().int(),
});
