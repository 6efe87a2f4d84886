import { z } from 'zod';
import {
  applicationIdSchema,
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_BUT_LINES,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import type { Message } from './i18n/index.ts';
import { APP_CONFIG_MESSAGES, MESSAGES } from './messages.ts';

/**
 * CONFIDENTIAL clients (servers) authenticate with a secret; PUBLIC clients (single-page and
 * native apps) cannot keep one, hold none, and must sign users in with PKCE (S256).
 */
export const CLIENT_TYPES = ['CONFIDENTIAL', 'PUBLIC'] as const;
export const clientTypeSchema = z.enum(CLIENT_TYPES, { error: 'field.clientType' });
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
  /** Where Gatehouse POSTs a logout token when a user's session ends (Back-Channel Logout 1.0). */
  backchannelLogoutUri: z.string().nullable(),
  /** Whether the logout token (and every ID token) carries the session's `sid`. */
  backchannelLogoutSessionRequired: z.boolean(),
  /** Origins allowed (CORS) besides those of the redirect URIs; see `webOriginsSchema`. */
  webOrigins: z.array(z.string()),
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
/** A host a plain-http redirect URI may name: this machine's loopback (RFC 8252 §7.3). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Why one redirect URI is refused, or undefined when it may be registered: an absolute
 * http(s) URL without a fragment (RFC 6749 §3.1.2), https unless it names the loopback
 * (RFC 9700 §2.6). The provider leaves out a stored URI that breaks these rules.
 */
export function redirectUriProblem(uri: string): Message | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return APP_CONFIG_MESSAGES.redirectUrlFormat;
  }
  if (!/^https?:\/\/\S+$/i.test(uri)) return APP_CONFIG_MESSAGES.redirectUrlFormat;
  if (uri.includes('#')) return APP_CONFIG_MESSAGES.redirectUrlFragment;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return APP_CONFIG_MESSAGES.redirectUrlHttps;
  return undefined;
}

/** A client's redirect URL field may list several URIs, separated by white space. */
export function redirectUrisOf(redirectUrl: string | null | undefined): string[] {
  return (redirectUrl ?? '').split(/\s+/).filter((uri) => uri !== '');
}

/** The redirect URL field: each URI must match exactly at sign-in, so each is checked here. */
export const redirectUrlSchema = z
  .string()
  .trim()
  .max(2000, { error: APP_CONFIG_MESSAGES.atMost2000.key })
  .refine((v) => !CONTROL_CHARACTERS_BUT_LINES.test(v), { error: MESSAGES.controlCharacters.key })
  .check((ctx) => {
    const problem = redirectUrisOf(ctx.value).map(redirectUriProblem).find(Boolean);
    if (problem) ctx.issues.push({ code: 'custom', message: problem.key, input: ctx.value });
  })
  .nullish();

/**
 * Why a back-channel logout URI is refused, or undefined when it may be registered: one
 * absolute http(s) URL without a fragment (Back-Channel Logout 1.0 §2.2), https unless it
 * names the loopback, as for redirect URIs. Where the server may send is checked at save too.
 */
export function backchannelLogoutUriProblem(uri: string): Message | undefined {
  const problem = redirectUriProblem(uri);
  return problem === APP_CONFIG_MESSAGES.redirectUrlFragment
    ? APP_CONFIG_MESSAGES.logoutUriFragment
    : problem;
}

/** The back-channel logout URI field: one URI, or empty for none. */
export const backchannelLogoutUriSchema = z
  .string()
  .trim()
  .max(2000, { error: APP_CONFIG_MESSAGES.atMost2000.key })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { error: MESSAGES.controlCharacters.key })
  .check((ctx) => {
    const problem = ctx.value === '' ? undefined : backchannelLogoutUriProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem.key, input: ctx.value });
  })
  .nullish();
/** At most this many web origins per client, each at most `WEB_ORIGIN_MAX_LENGTH` characters. */
export const WEB_ORIGINS_MAX = 50;
export const WEB_ORIGIN_MAX_LENGTH = 200;

/**
 * Why a web origin is refused, or undefined when it may be listed: exactly an origin as a
 * browser sends it in `Origin` (scheme://host[:port], lower case, the default port left out,
 * no path, query or fragment), https unless it names the loopback, as for redirect URIs.
 */
export function webOriginProblem(origin: string): Message | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return APP_CONFIG_MESSAGES.webOriginFormat;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return APP_CONFIG_MESSAGES.webOriginFormat;
  if (url.origin !== origin) return APP_CONFIG_MESSAGES.webOriginFormat;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return APP_CONFIG_MESSAGES.redirectUrlHttps;
  return undefined;
}

/** One web origin: its own check, so a form shows which of the list is wrong. */
export const webOriginSchema = z
  .string()
  .trim()
  .max(WEB_ORIGIN_MAX_LENGTH, { error: 'field.tooLong' })
  .check((ctx) => {
    const problem = webOriginProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem.key, input: ctx.value });
  });

/**
 * The origins a client's browser app may call the token, userinfo, revocation and
 * introspection endpoints from, besides those of its redirect URIs (which always may).
 */
export const webOriginsSchema = z.array(webOriginSchema).max(WEB_ORIGINS_MAX, { error: 'field.tooMany' });

export const createClientSchema = z
  .object({
    clientName: requiredString(200),
    redirectUrl: redirectUrlSchema,
    backchannelLogoutUri: backchannelLogoutUriSchema,
    backchannelLogoutSessionRequired: z.boolean().default(false),
    webOrigins: webOriginsSchema.default([]),
    clientType: clientTypeSchema.default('CONFIDENTIAL'),
    status: statusSchema.default('ENABLED'),
    applicationId: applicationIdSchema,
  })
  // A public client can only sign users in, which needs somewhere to send them back to.
  .refine((v) => v.clientType !== 'PUBLIC' || (v.redirectUrl ?? '').trim() !== '', {
    path: ['redirectUrl'],
    error: 'field.publicClientRedirect',
  });
export type CreateClient = z.infer<typeof createClientSchema>;
/** `PUT /v2/application/client`: the name is required; the status, redirect URL and web origins are kept when left out. */
export const updateClientSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required.key }),
  clientName: requiredString(200),
  /** Left out, the redirect URL is kept; null or '' clears it (a public client must keep one). */
  redirectUrl: redirectUrlSchema,
  /** Left out, the back-channel logout URI is kept; null or '' clears it. */
  backchannelLogoutUri: backchannelLogoutUriSchema,
  /** Left out, kept. */
  backchannelLogoutSessionRequired: z.boolean().optional(),
  /** Left out, the web origins are kept; a list (an empty one too) replaces them. */
  webOrigins: webOriginsSchema.optional(),
  status: statusSchema.optional(),
});
export type UpdateClient = z.infer<typeof updateClientSchema>;
export const updateClientStatusSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required.key }),
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
