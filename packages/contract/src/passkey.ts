import { z } from 'zod';
import { requiredString } from './common.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/** How long a passkey ceremony (registration, sign-in, proof) waits for the authenticator. */
export const PASSKEY_CEREMONY_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 64;
/** Passkeys one account may hold. */
export const PASSKEYS_PER_USER = 20;
/**
 * Passkey sign-ins one source (an IP) may start in a window, and one username: each start
 * stores a challenge, and a username's options name its passkeys. Then 429 until it ends.
 */
export const PASSKEY_SIGN_IN_STARTS = { perAccount: 30, perIp: 30, windowSeconds: 60 } as const;

export const PASSKEY_MESSAGES = {
  /** The ceremony is unknown, used, expired or another browser's: start again. */
  expired: m('passkey.expired'),
  /** The authenticator's answer did not verify, or names no passkey this sign-in accepts. */
  refused: m('passkey.refused'),
  alreadyRegistered: m('passkey.alreadyRegistered'),
  tooMany: m('passkey.tooMany', { max: PASSKEYS_PER_USER }),
  notFound: m('passkey.notFound'),
  passwordOrPasskey: m('passkey.passwordOrPasskey'),
} as const;

const base64url = (max: number) =>
  z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .min(1, { error: MESSAGES.required.key })
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { error: PASSKEY_MESSAGES.refused.key });

const clientExtensionResults = z.record(z.string().max(64), z.unknown()).default({});

/** What `navigator.credentials.create()` answered, as JSON (`@simplewebauthn/browser`'s `startRegistration`). */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url(16_384).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What `navigator.credentials.get()` answered, as JSON (`startAuthentication`). */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/**
 * The options for the browser's WebAuthn call, as `@simplewebauthn/server` makes them: passed
 * to `@simplewebauthn/browser` as they are.
 */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyNameSchema = requiredString(PASSKEY_NAME_MAX);

/** One of the signed-in user's passkeys. */
export const passkeySchema = z.object({
  passkeyId: z.string(),
  name: z.string(),
  createdDate: z.string(),
  lastUsedDate: z.string().nullable(),
  /** Synced between the user's devices (a multi-device passkey). */
  backedUp: z.boolean(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.array(passkeySchema);

export const registerPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export type RegisterPasskey = z.infer<typeof registerPasskeySchema>;

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;

export const passkeyIdParamsSchema = z.object({ passkeyId: z.uuid() });

/** A fresh proof for removing a passkey: the password, or a passkey's answer to a proof ceremony. */
export const passkeyProofSchema = z
  .object({
    password: z.string().min(1, { error: MESSAGES.required.key }).max(1024).optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((v) => v.password !== undefined || v.passkey !== undefined, {
    path: ['password'],
    error: PASSKEY_MESSAGES.passwordOrPasskey.key,
  });
export type PasskeyProof = z.infer<typeof passkeyProofSchema>;

/**
 * Starting a passkey sign-in: with a username, only that account's passkeys answer (and a
 * security key that keeps no account on it can be used); without, any passkey this site
 * knows (a discoverable credential names its account itself).
 */
export const passkeySignInOptionsSchema = z
  .object({ username: z.string().trim().max(200).optional() })
  .optional();
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;
