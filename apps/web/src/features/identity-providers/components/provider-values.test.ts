import {
  createIdentityProviderSchema,
  type IdentityProvider,
  updateIdentityProviderSchema,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { providerSearch } from '../api/list-providers';
import { limitBody, limitValues } from './limit-values';
import { createBody, newProviderValues, providerValues, updateBody } from './provider-values';

const ROLE = '7d0c8b8e-3a0e-4c55-9a55-1f9b0e0b6f11';

const OIDC: IdentityProvider = {
  providerId: '0b8f5a4e-8d2c-4e3a-9c1b-2f6d7e8a9b0c',
  type: 'oidc',
  name: 'Entra ID',
  description: null,
  enabled: true,
  isDefault: false,
  jitProvisioning: true,
  trustEmail: false,
  trustMfa: true,
  mfaValues: ['mfa'],
  attributes: { email: 'upn' },
  rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: ROLE }],
  oidc: {
    issuer: 'https://login.example.com',
    clientId: 'gatehouse',
    scopes: ['openid', 'email'],
    pkce: true,
    hasClientSecret: true,
  },
  saml: null,
  ldap: null,
  redirectUri: 'https://gatehouse.example.com/api/oauth2-server/federation/oidc/callback/0b8f',
  linkedUsers: 3,
  lastSyncAt: null,
  createdDate: '2026-11-27T09:00:00.000Z',
  lastModifiedDate: '2026-11-27T09:00:00.000Z',
};

describe('the provider form', () => {
  it('creates an OIDC provider the contract accepts, with only its own settings', () => {
    const values = {
      ...newProviderValues('oidc'),
      name: ' Okta ',
      description: '  ',
      oidc: {
        issuer: ' https://okta.example.com ',
        clientId: 'gh',
        clientSecret: 's3cret',
        scopes: ['openid'],
        pkce: true,
      },
      attributes: { username: ' login ', email: '' },
      rules: [{ attribute: 'groups', value: 'admins', target: 'role' as const, targetId: ROLE }, {}],
    };
    const body = createBody(values);
    expect(body).toMatchObject({
      type: 'oidc',
      name: 'Okta',
      description: null,
      isDefault: false,
      attributes: { username: 'login' },
      rules: [{ attribute: 'groups', value: 'admins', target: 'role', targetId: ROLE }],
      oidc: {
        issuer: 'https://okta.example.com',
        clientId: 'gh',
        clientSecret: 's3cret',
        scopes: ['openid'],
      },
    });
    expect(body).not.toHaveProperty('saml');
    expect(body).not.toHaveProperty('ldap');
    expect(createIdentityProviderSchema.safeParse(body).success).toBe(true);
  });

  it('keeps a stored secret on an edit whose secret field is blank, and keeps the type', () => {
    const values = { ...providerValues(OIDC), type: 'ldap' as const };
    expect(values.oidc).not.toHaveProperty('clientSecret');
    const body = updateBody(values, OIDC);
    expect(body.type).toBe('oidc');
    expect(body.providerId).toBe(OIDC.providerId);
    expect(body).toHaveProperty('oidc');
    expect((body as { oidc: object }).oidc).not.toHaveProperty('clientSecret');
    expect(updateIdentityProviderSchema.safeParse(body).success).toBe(true);
    // A new secret typed in goes.
    const rotated = updateBody({ ...values, oidc: { ...values.oidc, clientSecret: 'new' } }, OIDC);
    expect((rotated as { oidc: { clientSecret?: string } }).oidc.clientSecret).toBe('new');
  });

  it('reads a provider back into the same values it was made from', () => {
    const values = providerValues(OIDC);
    expect(values).toMatchObject({
      type: 'oidc',
      name: 'Entra ID',
      trustMfa: true,
      attributes: { email: 'upn' },
      rules: OIDC.rules,
      oidc: {
        issuer: 'https://login.example.com',
        clientId: 'gatehouse',
        scopes: ['openid', 'email'],
        pkce: true,
      },
    });
  });

  it('sends SAML metadata from the chosen source alone, and blank XML on an edit keeps what was imported', () => {
    const base = { ...newProviderValues('saml'), name: 'ADFS', isDefault: true };
    const fromUrl = createBody({
      ...base,
      saml: { source: 'url', metadataUrl: 'https://idp.example.com/metadata', metadataXml: '<x/>' },
    });
    expect(fromUrl).toMatchObject({
      isDefault: true,
      saml: { metadataUrl: 'https://idp.example.com/metadata', metadataXml: null },
    });
    expect(createIdentityProviderSchema.safeParse(fromUrl).success).toBe(true);
    const fromXml = createBody({
      ...base,
      saml: { source: 'xml', metadataXml: '<md/>', metadataUrl: 'https://x' },
    });
    expect(fromXml).toMatchObject({ saml: { metadataXml: '<md/>', metadataUrl: null } });
    const record = {
      ...OIDC,
      type: 'saml' as const,
      oidc: null,
      saml: {
        metadataUrl: null,
        spEntityId: 'https://gh/saml2/metadata/1',
        nameIdFormat: null,
        spMetadataUrl: 'https://gh/saml2/metadata/1',
        acsUrl: 'https://gh/saml2/authenticate/consumer/1',
        idp: { entityId: 'idp', ssoUrl: 'https://idp/sso', certificateFingerprints: [] },
      },
    };
    const kept = updateBody({ ...providerValues(record), saml: { source: 'xml' } }, record);
    expect((kept as { saml: object }).saml).not.toHaveProperty('metadataXml');
    expect((kept as { saml: object }).saml).not.toHaveProperty('metadataUrl');
  });

  it('makes only a SAML provider the default', () => {
    expect(createBody({ ...newProviderValues('oidc'), name: 'x', isDefault: true }).isDefault).toBe(false);
  });

  it('sends LDAP settings with blank optional fields as none', () => {
    const body = createBody({
      ...newProviderValues('ldap'),
      name: 'Directory',
      ldap: {
        url: 'ldap://127.0.0.1:3389',
        startTls: false,
        tlsVerify: false,
        bindDn: 'cn=admin,dc=example,dc=org',
        bindPassword: 'admin',
        userBase: 'ou=people,dc=example,dc=org',
        userFilter: '(uid={username})',
        groupBase: ' ',
        syncIntervalMinutes: undefined,
      },
    });
    expect(body).toMatchObject({
      ldap: {
        groupBase: null,
        groupFilter: null,
        groupNameAttribute: null,
        syncIntervalMinutes: null,
        bindPassword: 'admin',
      },
    });
    expect(createIdentityProviderSchema.safeParse(body).success).toBe(true);
  });
});

describe('the provider list search', () => {
  it('filters by a type only when one is chosen, and by no unknown one', () => {
    expect(providerSearch({ keyword: 'okta', type: ['oidc'] })).toEqual({ keyword: 'okta', type: 'oidc' });
    expect(providerSearch({ type: 'saml' })).toEqual({ type: 'saml' });
    expect(providerSearch({ type: ['oidc', 'saml'] })).toEqual({});
    expect(providerSearch({ type: ['x'] })).toEqual({});
  });
});

describe("an application's providers", () => {
  it('reads and writes "all" and "only these"', () => {
    expect(limitValues({ limited: true, providerIds: [ROLE] })).toEqual({
      limited: 'only',
      providerIds: [ROLE],
    });
    expect(limitBody({ limited: 'all', providerIds: [ROLE] })).toEqual({ limited: false, providerIds: [] });
    expect(limitBody({ limited: 'only' })).toEqual({ limited: true, providerIds: [] });
  });
});
