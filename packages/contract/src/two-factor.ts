import { z } from 'zod';
import { loginResultSchema } from './auth.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/** TOTP as authenticator apps expect it (RFC 6238): SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step either side of now are accepted, for clocks a little off. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's challenge waits for the code. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes allowed for one challenge; then the password must be given again. */
export const SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong codes allowed for one account in the sign-in window, whatever the challenge. */
export const SECOND_FACTOR_ATTEMPTS_PER_ACCOUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: m('twoFactor.codeRequired'),
  invalidCode: m('twoFactor.invalidCode'),
  challengeExpired: m('twoFactor.challengeExpired'),
  notEnrolling: m('twoFactor.notEnrolling'),
  alreadyEnabled: m('twoFactor.alreadyEnabled'),
  notEnabled: m('twoFactor.notEnabled'),
  codeOrPassword: m('twoFactor.codeOrPassword'),
  /** 403 until a user whose role requires two-factor sign-in has set it up. */
  enrolmentRequired: m('twoFactor.enrolmentRequired'),
} as const;

/**
 * `code` of the login answer when the password was right and a second factor is needed: no
 * session yet, only a challenge for POST /oauth2-server/login/second-factor.
 */
export const SECOND_FACTOR_REQUIRED = 2;

export const secondFactorRequiredSchema = z.object({
  code: z.literal(SECOND_FACTOR_REQUIRED),
  message: z.string(),
  result: z.object({
    /** Opaque, single-use, short-lived; names the account whose password was right. */
    challenge: z.string(),
    expiresIn: z.number().int(),
  }),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** What POST /oauth2-server/login answers: a session (`code` 0) or a second-factor challenge. */
export const loginAnswerSchema = z.union([secondFactorRequiredSchema, loginResultSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export function needsSecondFactor(answer: LoginAnswer): answer is SecondFactorRequired {
  return answer.code === SECOND_FACTOR_REQUIRED;
}

/** A code as typed: spaces and dashes are ignored, so "123 456" and "abcd-efgh" both work. */
const typedCode = z
  .string({ error: whenMissing(MESSAGES.required.key) })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.required.key })
      .max(64, { error: TWO_FACTOR_MESSAGES.invalidCode.key }),
  );

export const secondFactorLoginSchema = z.object({
  challenge: z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .min(1, { error: MESSAGES.required.key })
    .max(2048),
  /** A TOTP code or an unused recovery code. */
  code: typedCode,
});
export type SecondFactorLogin = z.infer<typeof secondFactorLoginSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The start of an enrolment: what the authenticator app needs. Pending until a code confirms it. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, for typing into the app. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qrCode: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorCodeSchema = z.object({ code: typedCode });

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning 2FA off, or new recovery codes: a current code (TOTP or recovery) or the password. */
export const twoFactorProofSchema = z
  .object({
    code: typedCode.optional(),
    password: z.string().min(1, { error: MESSAGES.required.key }).max(1024).optional(),
  })
  .refine((v) => v.code !== undefined || v.password !== undefined, {
    path: ['code'],
    error: TWO_FACTOR_MESSAGES.codeOrPassword.key,
  });
export type TwoFactorProof = z.infer<typeof twoFactorProofSchema>;
