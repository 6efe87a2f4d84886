import { z } from 'zod';
import { descriptionSchema, optionalText, pageQuerySchema, pageSchema, requiredString } from './common.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { permissionIdForPath } from './navigation.ts';

/**
 * Identity providers (System › Provider): an organisation's own directory or identity
 * service that its people sign in through. Three kinds:
 * - `oidc`: an OpenID Provider (Entra ID, Okta, Google, another Gatehouse), through a code
 *   flow with PKCE, state and nonce;
 * - `saml`: a SAML 2.0 identity provider, whose signed responses come to the assertion
 *   consumer `/saml2/authenticate/consumer/{providerId}`;
 * - `ldap`: an LDAP directory or Active Directory, which checks the password typed in
 *   Gatehouse's own sign-in form by binding as the user.
 *
 * A user signs in through a provider as one of their linked identities (the provider and the
 * upstream subject). Linking is never silent: an administrator links, the user links while
 * signed in, a provider creates the user on first sign-in (just in time), or, only where the
 * provider is trusted for email, a verified email matches an existing user.
 */

/** The platform permission of the Provider screen and the linked identities of users. */
export const IDENTITY_PROVIDER_PERMISSION_ID = permissionIdForPath('/admin-setting/provider');

export const IDENTITY_PROVIDER_TYPES = ['oidc', 'saml', 'ldap'] as const;
export type IdentityProviderType = (typeof IDENTITY_PROVIDER_TYPES)[number];

/** The kinds a user follows from its browser (a "Sign in with …" button); LDAP uses the password form. */
export const REDIRECT_PROVIDER_TYPES = ['oidc', 'saml'] as const satisfies readonly IdentityProviderType[];

/** The v2 path of the providers. */
export const IDENTITY_PROVIDER_API = '/api/admin-service/v2/identity-providers';
/** Where a browser starts a sign-in through a provider: `{FEDERATION_API}/{providerId}/start`. */
export const FEDERATION_API = '/api/oauth2-server/federation';
/** The SP metadata of a SAML provider: `{SAML_METADATA_PATH}/{providerId}`. */
export const SAML_METADATA_PATH = '/saml2/metadata';
/** The OIDC redirect URI of a provider: `{OIDC_CALLBACK_PATH}/{providerId}`. */
export const OIDC_CALLBACK_PATH = '/api/oauth2-server/federation/oidc/callback';
/** The SPA's query parameter carrying a finished upstream sign-in back to /login or /oauth. */
export const FEDERATION_HANDOFF_PARAM = 'sso';
/** The SPA's query parameter naming why an upstream sign-in failed (a message key). */
export const FEDERATION_ERROR_PARAM = 'sso_error';
/** An upstream sign-in must come back within this long of its start. */
export const FEDERATION_FLOW_SECONDS = 600;
/** A SAML assertion's times are checked with this much clock skew allowed. */
export const SAML_CLOCK_SKEW_SECONDS = 60;

export const FEDERATION_MESSAGES = {
  signInWith: m('federation.signInWith'),
  failed: m('federation.failed'),
  expired: m('federation.expired'),
  notLinked: m('federation.notLinked'),
  disabledProvider: m('federation.disabledProvider'),
  notAllowed: m('federation.notAllowed'),
  accountDisabled: m('federation.accountDisabled'),
  emailTaken: m('federation.emailTaken'),
  alreadyLinked: m('federation.alreadyLinked'),
  notConfigured: m('federation.notConfigured'),
  issuerUrl: m('federation.issuerUrl'),
  ldapUrl: m('federation.ldapUrl'),
  metadataRequired: m('federation.metadataRequired'),
  metadataInvalid: m('federation.metadataInvalid'),
  secretRequired: m('federation.secretRequired'),
  filterPlaceholder: m('federation.filterPlaceholder'),
  oneDefault: m('federation.oneDefault'),
  testFailed: m('federation.testFailed'),
  wrongType: m('federation.wrongType'),
} as const;

/** An attribute or claim name: `email`, `groups`, `http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name`. */
const attributeName = z.string().trim().min(1, { error: MESSAGES.required.key }).max(300);
const optionalAttribute = attributeName.nullish();

/**
 * Where a user's fields come from: each names the claim (OIDC) or attribute (SAML, LDAP) that
 * holds it. Unset fields keep their defaults (per type, see `DEFAULT_ATTRIBUTES`).
 */
export const attributeMappingSchema = z.object({
  /** The username of a user created on first sign-in. */
  username: optionalAttribute,
  name: optionalAttribute,
  email: optionalAttribute,
  phone: optionalAttribute,
  /** Matched against an organization's code, then its name; no match leaves the user's organization as it is. */
  organization: optionalAttribute,
});
export type AttributeMapping = z.infer<typeof attributeMappingSchema>;

/** The defaults of each kind, for the fields a provider's mapping leaves unset. */
export const DEFAULT_ATTRIBUTES: Record<
  IdentityProviderType,
  Required<Record<keyof AttributeMapping, string>>
> = {
  oidc: {
    username: 'preferred_username',
    name: 'name',
    email: 'email',
    phone: 'phone_number',
    organization: 'organization',
  },
  saml: {
    username: 'uid',
    name: 'displayName',
    email: 'email',
    phone: 'telephoneNumber',
    organization: 'organization',
  },
  ldap: { username: 'uid', name: 'cn', email: 'mail', phone: 'telephoneNumber', organization: 'o' },
};

/**
 * A rule: when the attribute holds the value (one of its values equals it), the user has the
 * role or is a member of the group. Rules apply at every sign-in: a role or membership a rule
 * gave is taken back when the value is gone; one an administrator gave stays.
 */
export const mappingRuleSchema = z.object({
  attribute: attributeName,
  value: requiredString(300),
  target: z.enum(['role', 'group']),
  targetId: z.uuid({ error: MESSAGES.required.key }),
});
export type MappingRule = z.infer<typeof mappingRuleSchema>;

const webUrl = (message: { key: string }) =>
  requiredString(2000).refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: message.key },
  );

const scopeList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, { error: MESSAGES.required.key }),
  )
  .max(20);

/** What an OIDC provider's settings hold; `clientSecret` is write-only. */
export const oidcSettingsSchema = z.object({
  /** The issuer: `{issuer}/.well-known/openid-configuration` is read, and its `issuer` must be this exactly. */
  issuer: webUrl(FEDERATION_MESSAGES.issuerUrl),
  clientId: requiredString(300),
  /** Write-only. Null or absent on an update keeps the stored one; a public client has none. */
  clientSecret: z.string().max(1000).nullish(),
  scopes: scopeList.default(['openid', 'profile', 'email']),
  pkce: z.boolean().default(true),
});
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;

/** What a SAML provider's settings hold: the IdP's metadata, as XML or from a URL read on save. */
export const samlSettingsSchema = z.object({
  metadataXml: z.string().max(200_000).nullish(),
  metadataUrl: webUrl(FEDERATION_MESSAGES.metadataRequired).nullish(),
  /** Our entity id at this IdP; by default the SP metadata URL. */
  spEntityId: optionalText(500).nullable(),
  /** The NameID format to ask for; unspecified by default. */
  nameIdFormat: optionalText(200).nullable(),
});
export type SamlSettings = z.infer<typeof samlSettingsSchema>;

/** The password filter may use `{username}`; the group filter `{dn}` and `{username}`. Both are escaped (RFC 4515). */
export const ldapSettingsSchema = z.object({
  url: requiredString(500).refine((v) => /^ldaps?:\/\/[^\s/]+(\/)?$/i.test(v), {
    error: FEDERATION_MESSAGES.ldapUrl.key,
  }),
  /** Upgrade an ldap:// connection with StartTLS before binding. */
  startTls: z.boolean().default(false),
  /** Check the server's certificate (ldaps or StartTLS); off only for a test directory. */
  tlsVerify: z.boolean().default(true),
  bindDn: requiredString(500),
  /** Write-only; null or absent on an update keeps the stored one. */
  bindPassword: z.string().max(1000).nullish(),
  userBase: requiredString(500),
  userFilter: requiredString(500)
    .default('(uid={username})')
    .refine((v) => v.includes('{username}'), { error: FEDERATION_MESSAGES.filterPlaceholder.key }),
  groupBase: optionalText(500).nullable(),
  groupFilter: optionalText(500).nullable(),
  /** The attribute of a group entry whose values the rules match (`cn`). */
  groupNameAttribute: optionalText(100).nullable(),
  /** Sync users and groups every this many minutes through the job queue; null: never. */
  syncIntervalMinutes: z.number().int().min(5).max(10_080).nullish(),
});
export type LdapSettings = z.infer<typeof ldapSettingsSchema>;

const commonFields = {
  /** Shown on the button: "Sign in with {name}". */
  name: requiredString(100),
  description: descriptionSchema,
  enabled: z.boolean().default(true),
  /** The SAML provider `/auth?loginType=GatehouseSSO` and `/saml2/authenticate/consumer` use. */
  isDefault: z.boolean().default(false),
  /** Create a user at their first sign-in; else only linked users may sign in. */
  jitProvisioning: z.boolean().default(false),
  /** The provider verifies email addresses: a verified email may link to the user who has it. */
  trustEmail: z.boolean().default(false),
  /** The provider enforces MFA: a sign-in that shows it (`mfaValues`) skips Gatehouse's own second factor. */
  trustMfa: z.boolean().default(false),
  /** OIDC `amr` or `acr` values, or SAML AuthnContextClassRef values, that prove MFA upstream. */
  mfaValues: z.array(requiredString(300)).max(20).default(['mfa']),
  attributes: attributeMappingSchema.default({}),
  rules: z.array(mappingRuleSchema).max(100).default([]),
};

export const createIdentityProviderSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('oidc'), ...commonFields, oidc: oidcSettingsSchema }),
  z.object({ type: z.literal('saml'), ...commonFields, saml: samlSettingsSchema }),
  z.object({ type: z.literal('ldap'), ...commonFields, ldap: ldapSettingsSchema }),
]);
export type CreateIdentityProvider = z.infer<typeof createIdentityProviderSchema>;

/** An update replaces the settings; the type stays (a different type is a 400). Secrets left out stay. */
export const updateIdentityProviderSchema = z.discriminatedUnion('type', [
  z.object({ providerId: z.uuid(), type: z.literal('oidc'), ...commonFields, oidc: oidcSettingsSchema }),
  z.object({ providerId: z.uuid(), type: z.literal('saml'), ...commonFields, saml: samlSettingsSchema }),
  z.object({ providerId: z.uuid(), type: z.literal('ldap'), ...commonFields, ldap: ldapSettingsSchema }),
]);
export type UpdateIdentityProvider = z.infer<typeof updateIdentityProviderSchema>;

/** What the SAML IdP's metadata said, as stored. */
export const samlIdpSchema = z.object({
  entityId: z.string(),
  ssoUrl: z.string(),
  /** SHA-256 fingerprints of its signing certificates. */
  certificateFingerprints: z.array(z.string()),
});

export const identityProviderSchema = z.object({
  providerId: z.string(),
  type: z.enum(IDENTITY_PROVIDER_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  jitProvisioning: z.boolean(),
  trustEmail: z.boolean(),
  trustMfa: z.boolean(),
  mfaValues: z.array(z.string()),
  attributes: attributeMappingSchema,
  rules: z.array(mappingRuleSchema),
  /** Without the secret; `hasClientSecret` tells whether one is stored. */
  oidc: oidcSettingsSchema.omit({ clientSecret: true }).extend({ hasClientSecret: z.boolean() }).nullable(),
  saml: z
    .object({
      metadataUrl: z.string().nullable(),
      spEntityId: z.string(),
      nameIdFormat: z.string().nullable(),
      /** Where our SP metadata is served, and where the IdP posts its responses. */
      spMetadataUrl: z.string(),
      acsUrl: z.string(),
      idp: samlIdpSchema,
    })
    .nullable(),
  ldap: ldapSettingsSchema.omit({ bindPassword: true }).extend({ hasBindPassword: z.boolean() }).nullable(),
  /** The OIDC redirect URI to register upstream. */
  redirectUri: z.string().nullable(),
  /** How many users have an identity of this provider. */
  linkedUsers: z.number().int(),
  lastSyncAt: z.string().nullable(),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const identityProviderListQuerySchema = pageQuerySchema.extend({
  keyword: optionalText(200),
  type: z.enum(IDENTITY_PROVIDER_TYPES).optional(),
});
export type IdentityProviderListQuery = z.infer<typeof identityProviderListQuerySchema>;
export const identityProviderPageSchema = pageSchema(identityProviderSchema);

/** The answer of "test": each step tried, with whether it passed and what it found. */
export const providerTestResultSchema = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ step: z.string(), ok: z.boolean(), detail: z.string().nullable() })),
});
export type ProviderTestResult = z.infer<typeof providerTestResultSchema>;

/** A button of the sign-in pages: an enabled OIDC or SAML provider the application allows. */
export const signInProviderSchema = z.object({
  providerId: z.string(),
  name: z.string(),
  type: z.enum(REDIRECT_PROVIDER_TYPES),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

export const signInProvidersQuerySchema = z.object({
  /** The /oauth interaction's client: its application's allowed providers. None: the console's. */
  clientId: optionalText(200),
});

/** Where a sign-in through a provider goes on to: the console, an /oauth interaction, or linking to the signed-in user. */
export const federationStartQuerySchema = z.object({
  /** The console path to open afterwards (same-origin, like /login's `redirect`). */
  redirect: optionalText(2000),
  /** The /oauth interaction to finish. */
  interaction: optionalText(100),
});

/** POST {FEDERATION_API}/exchange: the handoff of a finished upstream sign-in, for a console session. */
export const federationExchangeSchema = z.object({ handoff: requiredString(200) });

/** POST {FEDERATION_API}/{providerId}/link: start linking the signed-in user; the answer is where to send the browser. */
export const federationRedirectSchema = z.object({ redirectTo: z.string() });

/** One of a user's identities at a provider. */
export const linkedIdentitySchema = z.object({
  identityId: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  providerType: z.enum(IDENTITY_PROVIDER_TYPES),
  /** The upstream subject: OIDC `sub`, SAML NameID, LDAP DN. */
  subject: z.string(),
  email: z.string().nullable(),
  linkedDate: z.string(),
  lastSignInDate: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

/** An administrator links a user to an upstream subject they know. */
export const linkIdentitySchema = z.object({
  providerId: z.uuid({ error: MESSAGES.required.key }),
  subject: requiredString(500),
});
export type LinkIdentity = z.infer<typeof linkIdentitySchema>;

/** An application's sign-in providers: all enabled ones (`limited: false`), or only those listed. */
export const applicationProvidersSchema = z.object({
  limited: z.boolean(),
  providerIds: z.array(z.uuid()).max(100),
});
export type ApplicationProviders = z.infer<typeof applicationProvidersSchema>;
