import type {
  AttributeMapping,
  CreateIdentityProvider,
  IdentityProvider,
  IdentityProviderType,
  LdapSettings,
  MappingRule,
  OidcSettings,
  SamlSettings,
  UpdateIdentityProvider,
} from '@gatehouse/contract';

/** Where a SAML provider's IdP metadata comes from: pasted XML, or a URL the server reads on save. */
export type MetadataSource = 'xml' | 'url';

/** The provider form's values; each type's settings sit under its own name, as the bodies take them. */
export type ProviderFormValues = {
  type: IdentityProviderType;
  name: string;
  description?: string | null;
  enabled: boolean;
  isDefault?: boolean;
  jitProvisioning: boolean;
  trustEmail: boolean;
  trustMfa: boolean;
  mfaValues?: string[];
  attributes?: Partial<Record<keyof AttributeMapping, string | null>>;
  rules?: Partial<MappingRule>[];
  oidc?: {
    issuer?: string;
    clientId?: string;
    /** Write-only: blank on an edit keeps the stored one. */
    clientSecret?: string;
    scopes?: string[];
    pkce?: boolean;
  };
  saml?: {
    source?: MetadataSource;
    metadataXml?: string;
    metadataUrl?: string;
    spEntityId?: string | null;
    nameIdFormat?: string | null;
  };
  ldap?: Partial<Omit<LdapSettings, 'syncIntervalMinutes'>> & { syncIntervalMinutes?: number | null };
};

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '';
const textOrNull = (value: string | null | undefined) => (blank(value) ? null : (value as string).trim());

/** The mapping as the contract takes it: a blank field is none (the type's default applies). */
export function attributesBody(attributes: ProviderFormValues['attributes']): AttributeMapping {
  const out: AttributeMapping = {};
  for (const key of ['username', 'name', 'email', 'phone', 'organization'] as const) {
    const value = textOrNull(attributes?.[key]);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** The rules as the contract takes them, trimmed; a row left wholly empty is dropped. */
export function rulesBody(rules: ProviderFormValues['rules']): MappingRule[] {
  return (rules ?? [])
    .filter((rule) => !(blank(rule.attribute) && blank(rule.value) && blank(rule.targetId)))
    .map((rule) => ({
      attribute: (rule.attribute ?? '').trim(),
      value: (rule.value ?? '').trim(),
      target: rule.target ?? 'role',
      targetId: rule.targetId ?? '',
    }));
}

/**
 * A secret field's value in a body: on a create, what was typed or none; on an edit, left out
 * when blank, which keeps the stored one (the contract: "null or absent keeps").
 */
function secret(value: string | undefined, editing: boolean): { value?: string | null } {
  if (!blank(value)) return { value: value as string };
  return editing ? {} : { value: null };
}

function oidcBody(oidc: ProviderFormValues['oidc'], editing: boolean): OidcSettings {
  const clientSecret = secret(oidc?.clientSecret, editing);
  return {
    issuer: (oidc?.issuer ?? '').trim(),
    clientId: (oidc?.clientId ?? '').trim(),
    ...('value' in clientSecret ? { clientSecret: clientSecret.value } : {}),
    scopes: (oidc?.scopes ?? []).map((s) => s.trim()).filter((s) => s !== ''),
    pkce: oidc?.pkce ?? true,
  };
}

/**
 * The metadata from the chosen source only. On an edit, blank XML keeps what was imported
 * (the XML itself never comes back), so neither field is sent then.
 */
function samlBody(saml: ProviderFormValues['saml'], editing: boolean): SamlSettings {
  const common = { spEntityId: textOrNull(saml?.spEntityId), nameIdFormat: textOrNull(saml?.nameIdFormat) };
  if ((saml?.source ?? 'xml') === 'url')
    return { metadataUrl: textOrNull(saml?.metadataUrl), metadataXml: null, ...common };
  if (blank(saml?.metadataXml)) return editing ? common : { metadataXml: null, metadataUrl: null, ...common };
  return { metadataXml: saml?.metadataXml as string, metadataUrl: null, ...common };
}

function ldapBody(ldap: ProviderFormValues['ldap'], editing: boolean): LdapSettings {
  const bindPassword = secret(ldap?.bindPassword ?? undefined, editing);
  const interval = ldap?.syncIntervalMinutes;
  return {
    url: (ldap?.url ?? '').trim(),
    startTls: ldap?.startTls ?? false,
    tlsVerify: ldap?.tlsVerify ?? true,
    bindDn: (ldap?.bindDn ?? '').trim(),
    ...('value' in bindPassword ? { bindPassword: bindPassword.value } : {}),
    userBase: (ldap?.userBase ?? '').trim(),
    userFilter: (ldap?.userFilter ?? '').trim(),
    groupBase: textOrNull(ldap?.groupBase),
    groupFilter: textOrNull(ldap?.groupFilter),
    groupNameAttribute: textOrNull(ldap?.groupNameAttribute),
    syncIntervalMinutes: typeof interval === 'number' ? interval : null,
  };
}

/** The form's values as the create body takes them; only the chosen type's settings go. */
export function createBody(values: ProviderFormValues): CreateIdentityProvider {
  return body(values, false) as CreateIdentityProvider;
}

/** The form's values as the update body takes them: the provider's own type, whatever the form says. */
export function updateBody(values: ProviderFormValues, record: IdentityProvider): UpdateIdentityProvider {
  return {
    providerId: record.providerId,
    ...body({ ...values, type: record.type }, true),
  } as UpdateIdentityProvider;
}

function body(values: ProviderFormValues, editing: boolean) {
  const common = {
    type: values.type,
    name: values.name.trim(),
    description: textOrNull(values.description),
    enabled: values.enabled ?? true,
    // Only a SAML provider is the default one (/auth?loginType=GatehouseSSO).
    isDefault: values.type === 'saml' ? (values.isDefault ?? false) : false,
    jitProvisioning: values.jitProvisioning ?? false,
    trustEmail: values.trustEmail ?? false,
    trustMfa: values.trustMfa ?? false,
    mfaValues: (values.mfaValues ?? []).map((v) => v.trim()).filter((v) => v !== ''),
    attributes: attributesBody(values.attributes),
    rules: rulesBody(values.rules),
  };
  switch (values.type) {
    case 'oidc':
      return { ...common, type: 'oidc' as const, oidc: oidcBody(values.oidc, editing) };
    case 'saml':
      return { ...common, type: 'saml' as const, saml: samlBody(values.saml, editing) };
    case 'ldap':
      return { ...common, type: 'ldap' as const, ldap: ldapBody(values.ldap, editing) };
  }
}

/** What a new provider of `type` starts with: the contract's defaults. */
export function newProviderValues(type: IdentityProviderType = 'oidc'): ProviderFormValues {
  return {
    type,
    name: '',
    enabled: true,
    isDefault: false,
    jitProvisioning: false,
    trustEmail: false,
    trustMfa: false,
    mfaValues: ['mfa'],
    attributes: {},
    rules: [],
    oidc: { scopes: ['openid', 'profile', 'email'], pkce: true },
    saml: { source: 'xml' },
    ldap: { startTls: false, tlsVerify: true, userFilter: '(uid={username})' },
  };
}

/** What the form shows of a provider it edits or details; the secrets are never among them. */
export function providerValues(provider: IdentityProvider): ProviderFormValues {
  const { oidc, saml, ldap } = provider;
  return {
    ...newProviderValues(provider.type),
    type: provider.type,
    name: provider.name,
    description: provider.description,
    enabled: provider.enabled,
    isDefault: provider.isDefault,
    jitProvisioning: provider.jitProvisioning,
    trustEmail: provider.trustEmail,
    trustMfa: provider.trustMfa,
    mfaValues: provider.mfaValues,
    attributes: { ...provider.attributes },
    rules: provider.rules.map((rule) => ({ ...rule })),
    ...(oidc
      ? { oidc: { issuer: oidc.issuer, clientId: oidc.clientId, scopes: oidc.scopes, pkce: oidc.pkce } }
      : {}),
    ...(saml
      ? {
          saml: {
            source: saml.metadataUrl ? ('url' as const) : ('xml' as const),
            metadataUrl: saml.metadataUrl ?? undefined,
            spEntityId: saml.spEntityId,
            nameIdFormat: saml.nameIdFormat,
          },
        }
      : {}),
    ...(ldap
      ? {
          ldap: {
            url: ldap.url,
            startTls: ldap.startTls,
            tlsVerify: ldap.tlsVerify,
            bindDn: ldap.bindDn,
            userBase: ldap.userBase,
            userFilter: ldap.userFilter,
            groupBase: ldap.groupBase ?? null,
            groupFilter: ldap.groupFilter ?? null,
            groupNameAttribute: ldap.groupNameAttribute ?? null,
            syncIntervalMinutes: ldap.syncIntervalMinutes ?? null,
          },
        }
      : {}),
  };
}

/** Whether the provider holds a secret that an edit's blank field keeps. */
export function storedSecret(provider: IdentityProvider | undefined): boolean {
  return Boolean(provider?.oidc?.hasClientSecret || provider?.ldap?.hasBindPassword);
}
