import type {
  AttributeMapping,
  IdentityProviderType,
  LdapSettings,
  MappingRule,
  OidcSettings,
  SamlSettings,
} from '@gatehouse/contract';

/** What the SAML IdP's metadata said, kept beside the metadata itself. */
export type StoredSamlIdp = {
  entityId: string;
  ssoUrl: string;
  /** PEM bodies (base64, no headers) of its signing certificates. */
  certificates: string[];
};

/** A provider's settings as stored (`identity_providers.settings`), without its secret. */
export type StoredSettings = {
  jitProvisioning: boolean;
  trustEmail: boolean;
  trustMfa: boolean;
  mfaValues: string[];
  attributes: AttributeMapping;
  rules: MappingRule[];
  oidc?: Omit<OidcSettings, 'clientSecret'>;
  saml?: Omit<SamlSettings, 'metadataXml'> & { metadataXml: string; idp: StoredSamlIdp };
  ldap?: Omit<LdapSettings, 'bindPassword'>;
};

/** A provider as the sign-in code sees it: its row, with its secret unsealed. */
export type ProviderRecord = {
  providerId: string;
  type: IdentityProviderType;
  name: string;
  enabled: boolean;
  isDefault: boolean;
  settings: StoredSettings;
  /** The OIDC client secret or the LDAP bind password; null when none is stored. */
  secret: string | null;
};

/**
 * Who the upstream says signed in. Every claim or attribute is a list of strings (a single
 * value is a list of one), so the mapping and the rules read them all the same way.
 */
export type UpstreamIdentity = {
  /** The upstream's stable id for the person: OIDC `sub`, SAML NameID, LDAP DN. */
  subject: string;
  attributes: Record<string, string[]>;
  /** The upstream vouches for the email (OIDC `email_verified`); SAML and LDAP never do. */
  emailVerified: boolean;
  /** OIDC `amr` and `acr`, or the SAML AuthnContextClassRef: matched against the provider's `mfaValues`. */
  authnContext: string[];
};

/** Where a flow goes on to once the upstream answered. */
export type FlowTarget =
  /** The console: a session, then this same-origin path. */
  | { kind: 'console'; redirect: string | null }
  /** An /oauth interaction of Gatehouse's own OpenID Provider. */
  | { kind: 'interaction'; uid: string }
  /** Link the identity to this signed-in user. */
  | { kind: 'link'; userId: string };

/** A flow under way, as the protocol code reads it back at the callback. */
export type Flow = {
  flowId: string;
  providerId: string;
  target: FlowTarget;
  /** The protocol's own state (OIDC nonce and PKCE verifier, SAML request id). */
  data: Record<string, unknown>;
  expiresAt: Date;
  /**
   * Whether the callback came from the browser that started the flow (its cookie). A SAML ACS
   * is a cross-site POST, which carries no Lax cookie: its flow goes on at a same-site GET first.
   */
  browserChecked: boolean;
};

/**
 * A redirect protocol (OIDC, SAML): how a browser is sent upstream for a flow. `begin` gets the
 * flow's id, to use as OIDC `state` or SAML `RelayState`, and returns the upstream URL and the
 * state to keep until the callback.
 */
export interface RedirectProtocol {
  begin(
    provider: ProviderRecord,
    flowId: string,
    origin: string,
  ): Promise<{ redirectTo: string; data: Record<string, unknown> }>;
}
