import { z } from 'zod';
import { m } from './i18n/index.ts';
import { authenticationResponseSchema } from './passkey.ts';

export const OIDC_MESSAGES = {
  interactionGone: m('oidc.interactionGone'),
  passwordChangeFirst: m('oidc.passwordChangeFirst'),
  twoFactorEnrolFirst: m('oidc.twoFactorEnrolFirst'),
  unknownClient: m('oidc.unknownClient'),
  noLoginPrompt: m('oidc.noLoginPrompt'),
  noConsentPrompt: m('oidc.noConsentPrompt'),
} as const;

/** The OpenID Provider's interaction (the console's /oauth page): what the user is asked. */
export const interactionDetailsSchema = z.object({
  uid: z.string(),
  /** `login` when the user must sign in, `consent` when they must approve the scopes. */
  prompt: z.enum(['login', 'consent']),
  loginRequired: z.boolean(),
  clientId: z.string(),
  clientName: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  scopes: z.array(z.string()),
  /** The signed-in account at the provider, when the prompt is consent. */
  accountId: z.string().nullable(),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

/** A username and password, a passkey, an identity provider's handoff, or none of them to use the console session of the Authorization header. */
export const interactionLoginSchema = z
  .object({
    username: z.string().max(200),
    password: z.string().max(200),
    /** The two-factor code (TOTP or recovery), for a user with two-factor sign-in on. */
    code: z.string().max(64),
    /** The handoff of a sign-in through an identity provider (`?sso=` on /oauth), instead of a password. */
    federated: z.string().max(200),
    /** A passkey's answer to a sign-in ceremony (POST /oauth2-server/login/passkey/options), instead of a password and code. */
    passkey: authenticationResponseSchema,
  })
  .partial()
  .optional();
export type InteractionLogin = z.infer<typeof interactionLoginSchema>;

/** Where the browser goes next: back to the provider, which finishes the flow. */
export const interactionRedirectSchema = z.object({ redirectTo: z.string() });
export type InteractionRedirect = z.infer<typeof interactionRedirectSchema>;

/** A client secret as listed: never the secret itself. */
export const clientSecretInfoSchema = z.object({
  secretId: z.string(),
  createdDate: z.string(),
  expiresDate: z.string().nullable(),
  lastUsedDate: z.string().nullable(),
});
export type ClientSecretInfo = z.infer<typeof clientSecretInfoSchema>;

export const rotateClientSecretSchema = z
  .object({
    /** When the new secret stops working; none by default. */
    expiresDate: z.iso.datetime({ offset: true }).optional(),
  })
  .optional();
export type RotateClientSecret = z.infer<typeof rotateClientSecretSchema>;

/** The rotation's answer: the new secret, shown this once. */
export const rotatedClientSecretSchema = clientSecretInfoSchema.extend({ secret: z.string() });
export type RotatedClientSecret = z.infer<typeof rotatedClientSecretSchema>;
