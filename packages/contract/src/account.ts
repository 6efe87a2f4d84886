import { z } from 'zod';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/** The signed-in user's own account: profile and sessions (Account Setting, Profile). */

// C0 and C1 controls, DEL included: never part of a name, an address or a URL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const ACCOUNT_MESSAGES = {
  controlCharacters: MESSAGES.controlCharacters,
  invalidEmail: m('field.email'),
  invalidUrl: m('field.url'),
} as const;

const noControls = (value: string) => !CONTROL_CHARACTERS.test(value);

export const profileSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A change of one's own profile: name and email are required, the avatar URL optional. */
export const updateProfileSchema = z
  .object({
    name: z
      .string({ error: whenMissing(MESSAGES.required.key) })
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters.key })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, { error: MESSAGES.required.key }).max(200)),
    email: z
      .string({ error: whenMissing(MESSAGES.required.key) })
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters.key })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, { error: MESSAGES.required.key })
          .max(254)
          .pipe(z.email({ error: ACCOUNT_MESSAGES.invalidEmail.key })),
      ),
    avatar: z
      .string()
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters.key })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .max(2000)
          .refine((v) => v === '' || isHttpUrl(v), { error: ACCOUNT_MESSAGES.invalidUrl.key }),
      )
      .nullish(),
  })
  .strict();
export type UpdateProfile = z.input<typeof updateProfileSchema>;

function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One of the signed-in user's live sessions; `current` marks the one making the request. */
export const ownSessionSchema = z.object({
  sessionId: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdDate: z.string(),
  lastSeenDate: z.string(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: z.string().max(100) });
