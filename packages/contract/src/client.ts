import { z } from 'zod';
import {
  applicationIdSchema,
  CONTROL_CHARACTERS_BUT_LINES,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { MESSAGES } from './messages.ts';

/**
 * CONFIDENTIAL clients (servers) authenticate with a secret; PUBLIC clients (single-page and
 * native apps) cannot keep one, hold none, and must sign users in with PKCE (S256).
 */
export const CLIENT_TYPES = ['CONFIDENTIAL', 'PUBLIC'] as const;
export const clientTypeSchema = z.enum(CLIENT_TYPES, { error: 'Choose Confidential or Public' });
export type ClientType = z.infer<typeof clientTypeSchema>;

/** Application clients (spec §3, §7): OAuth clients; the secret is shown once, at creation. */
export const clientSchema = z.object({
  acId: z.string(),
  clientName: z.string(),
  /** The OAuth client_id. */
  client: z.string(),
  /** The registration id. */
  id: z.string(),
  redirectUrl: z.string().nullable(),
  clientType: clientTypeSchema,
  /** ENABLED or DISABLED; the console shows any other value with a neutral tag. */
  status: z.string(),
  applicationId: z.string(),
  ...timestamps,
});
export type Client = z.infer<typeof clientSchema>;
/** Only the create response carries the secret (none for a public client); it is never returned again. */
export const createdClientSchema = clientSchema.extend({ secret: z.string().nullable() });
export type CreatedClient = z.infer<typeof createdClientSchema>;
const redirectUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => !CONTROL_CHARACTERS_BUT_LINES.test(v), { error: MESSAGES.controlCharacters })
  // Several redirect URIs are separated by white space; each must match exactly at sign-in.
  .refine((v) => v === '' || v.split(/\s+/).every((uri) => /^https?:\/\/\S+$/i.test(uri)), {
    error: 'Enter a valid http(s) URL',
  })
  .nullish();
export const createClientSchema = z
  .object({
    clientName: requiredString(200),
    redirectUrl: redirectUrlSchema,
    clientType: clientTypeSchema.default('CONFIDENTIAL'),
    status: statusSchema.default('ENABLED'),
    applicationId: applicationIdSchema,
  })
  // A public client can only sign users in, which needs somewhere to send them back to.
  .refine((v) => v.clientType !== 'PUBLIC' || (v.redirectUrl ?? '').trim() !== '', {
    path: ['redirectUrl'],
    error: 'A public client needs a redirect URL',
  });
export type CreateClient = z.infer<typeof createClientSchema>;
/** `PUT /v2/application/client`: the name is required; the status and redirect URL are kept when left out. */
export const updateClientSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required }),
  clientName: requiredString(200),
  /** Left out, the redirect URL is kept; null or '' clears it (a public client must keep one). */
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
