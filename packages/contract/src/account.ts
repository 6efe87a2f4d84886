import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** The signed-in user's own account: profile and sessions (Account Setting, Profile). */

// C0 and C1 controls, DEL included: never part of a name, an address or a URL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
export const ACCOUNT_MESSAGES = {
  controlCharacters: 'Control characters are not allowed.',
  invalidEmail: 'Enter a valid email address',
  invalidUrl: 'Enter a valid http(s) URL',
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
      .string({ error: MESSAGES.required })
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, { error: MESSAGES.required }).max(200, { error: 'At most 200 characters' })),
    email: z
      .string({ error: MESSAGES.required })
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, { error: MESSAGES.required })
          .max(254, { error: 'At most 254 characters' })
          .pipe(z.email({ error: ACCOUNT_MESSAGES.invalidEmail })),
      ),
    avatar: z
      .string()
      .refine(noControls, { error: ACCOUNT_MESSAGES.controlCharacters })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .max(2000, { error: 'At most 2000 characters' })
          .refine((v) => v === '' || isHttpUrl(v), { error: ACCOUNT_MESSAGES.invalidUrl }),
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
