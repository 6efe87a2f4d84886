import { randomBytes } from 'node:crypto';
import {
  IDENTITY_PROVIDER_API,
  IDENTITY_PROVIDER_PERMISSION_ID,
  type IdentityProvider,
  OIDC_CALLBACK_PATH,
  SAML_METADATA_PATH,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationProviderLimits,
  identityProviders,
  roles,
  userIdentities,
  users,
} from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import { unseal } from '../src/lib/server-key.ts';
import { IdentityProviderService, type ProviderTester } from '../src/modules/federation/service.ts';
import type { ProviderRecord } from '../src/modules/federation/types.ts';
import { auditOf, createApplication, del, put, tokenWith } from './fixtures.ts';
import { build, fieldKey, type TestContext } from './helper.ts';
import { type Receiver, startReceiver } from './webhook-receiver.ts';

const BASE = IDENTITY_PROVIDER_API;
const secretKey = randomBytes(32);

let t: TestContext;
let admin: string;
let receiver: Receiver;
let certificate: string;

/** A SAML IdP's metadata, as Entra ID or Okta publish it. */
function metadata(entityId = 'https://idp.example.com/metadata', cert = certificate): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/sso"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.com/sso/post"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

const oidcBody = (extra: Record<string, unknown> = {}) => ({
  type: 'oidc',
  name: 'Entra ID',
  description: 'The company directory',
  oidc: {
    issuer: 'https://login.example.com/tenant/v2.0',
    clientId: 'gatehouse',
    clientSecret: 'oidc-client-secret-value',
  },
  ...extra,
});

const ldapBody = (extra: Record<string, unknown> = {}, ldap: Record<string, unknown> = {}) => ({
  type: 'ldap',
  name: 'Active Directory',
  ldap: {
    url: 'ldaps://ldap.example.com:636',
    bindDn: 'cn=gatehouse,dc=example,dc=com',
    bindPassword: 'ldap-bind-password-value',
    userBase: 'ou=people,dc=example,dc=com',
    userFilter: '(&(objectClass=person)(sAMAccountName={username}))',
    ...ldap,
  },
  ...extra,
});

const samlBody = (saml: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'saml',
  name: 'Okta',
  saml,
  ...extra,
});

async function create(body: Record<string, unknown>, token = admin): Promise<IdentityProvider> {
  const res = await t.post(BASE, body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function rowOf(providerId: string) {
  const [row] = await t.db
    .select()
    .from(identityProviders)
    .where(eq(identityProviders.providerId, providerId));
  return row!;
}

/** An update's body: the provider as read, its read-only parts left out, with `changes` over it. */
function updateBody(provider: IdentityProvider, changes: Record<string, unknown>) {
  const { providerId, type, name, description, enabled, isDefault, jitProvisioning, trustEmail, trustMfa } =
    provider;
  const settings =
    type === 'oidc'
      ? {
          oidc: {
            issuer: provider.oidc!.issuer,
            clientId: provider.oidc!.clientId,
            scopes: provider.oidc!.scopes,
            pkce: provider.oidc!.pkce,
          },
        }
      : type === 'ldap'
        ? { ldap: (({ hasBindPassword: _, ...ldap }) => ldap)(provider.ldap!) }
        : {
            saml: {
              metadataUrl: provider.saml!.metadataUrl,
              spEntityId: null,
              nameIdFormat: provider.saml!.nameIdFormat,
            },
          };
  return {
    providerId,
    type,
    name,
    description,
    enabled,
    isDefault,
    jitProvisioning,
    trustEmail,
    trustMfa,
    mfaValues: provider.mfaValues,
    attributes: provider.attributes,
    rules: provider.rules,
    ...settings,
    ...changes,
  };
}

beforeAll(async () => {
  t = await build({ config: { secretKey, webhookAllowHttp: true, webhookAllowPrivate: true } });
  admin = await t.login();
  receiver = await startReceiver();
  const pems = await generate([{ name: 'commonName', value: 'idp.example.com' }], { keySize: 2048 });
  certificate = pems.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
});

afterAll(async () => {
  await receiver?.close();
});

describe('identity providers: OIDC', () => {
  it('creates, reads, lists, updates, disables and deletes one; its client secret is write-only and sealed', async () => {
    const created = await create(oidcBody());
    expect(created).toMatchObject({
      type: 'oidc',
      name: 'Entra ID',
      enabled: true,
      isDefault: false,
      linkedUsers: 0,
      oidc: { issuer: 'https://login.example.com/tenant/v2.0', clientId: 'gatehouse', hasClientSecret: true },
      saml: null,
      ldap: null,
    });
    expect(created.oidc).not.toHaveProperty('clientSecret');
    expect(created.redirectUri).toMatch(
      new RegExp(`^https?://[^/]+${OIDC_CALLBACK_PATH}/${created.providerId}$`),
    );
    expect(JSON.stringify(created)).not.toContain('oidc-client-secret-value');

    const row = await rowOf(created.providerId);
    expect(row.secretSealed).not.toContain('oidc-client-secret-value');
    expect(JSON.stringify(row.settings)).not.toContain('oidc-client-secret-value');
    expect(unseal(secretKey, row.secretSealed!)).toBe('oidc-client-secret-value');

    const read = await t.get(`${BASE}/${created.providerId}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('oidc-client-secret-value');
    const listed = await t.get(`${BASE}?keyword=company%20directory&type=oidc`, admin);
    expect(listed.json().content.map((p: IdentityProvider) => p.providerId)).toEqual([created.providerId]);
    expect((await t.get(`${BASE}?keyword=company%20directory&type=ldap`, admin)).json().totalElements).toBe(
      0,
    );

    // Left out, the secret stays; given, it replaces the stored one.
    const kept = await put(t, BASE, updateBody(created, { name: 'Entra' }), admin);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Entra', oidc: { hasClientSecret: true } });
    expect(unseal(secretKey, (await rowOf(created.providerId)).secretSealed!)).toBe(
      'oidc-client-secret-value',
    );
    const nulled = await put(
      t,
      BASE,
      updateBody(created, { oidc: { ...updateBody(created, {}).oidc, clientSecret: null } }),
      admin,
    );
    expect(nulled.statusCode).toBe(200);
    expect(unseal(secretKey, (await rowOf(created.providerId)).secretSealed!)).toBe(
      'oidc-client-secret-value',
    );
    const replaced = await put(
      t,
      BASE,
      updateBody(created, { oidc: { ...updateBody(created, {}).oidc, clientSecret: 'rotated-secret' } }),
      admin,
    );
    expect(replaced.statusCode).toBe(200);
    expect(unseal(secretKey, (await rowOf(created.providerId)).secretSealed!)).toBe('rotated-secret');

    const disabled = await put(t, `${BASE}/${created.providerId}/status`, { status: 'DISABLED' }, admin);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().enabled).toBe(false);

    expect((await del(t, `${BASE}/${created.providerId}`, admin)).statusCode).toBe(204);
    expect((await t.get(`${BASE}/${created.providerId}`, admin)).statusCode).toBe(404);

    const records = await auditOf(t.db, 'identity-provider', created.providerId);
    expect(records.map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'status',
      'delete',
    ]);
    const text = JSON.stringify(records);
    expect(text).not.toContain('oidc-client-secret-value');
    expect(text).not.toContain('rotated-secret');
    expect(text).not.toContain(row.secretSealed!);
  });

  it('a public client has no secret', async () => {
    const created = await create(oidcBody({ oidc: { issuer: 'https://op.example.com', clientId: 'spa' } }));
    expect(created.oidc).toMatchObject({
      hasClientSecret: false,
      scopes: ['openid', 'profile', 'email'],
      pkce: true,
    });
    expect((await rowOf(created.providerId)).secretSealed).toBeNull();
  });

  it('keeps its type: another type on an update is a 400 on type', async () => {
    const created = await create(oidcBody());
    const res = await put(t, BASE, { ...ldapBody(), providerId: created.providerId }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldKey(res.json(), 'type')).toBe('federation.wrongType');
    expect((await rowOf(created.providerId)).type).toBe('oidc');
  });
});

describe('identity providers: LDAP', () => {
  it('stores the bind password sealed, keeps it on an update that leaves it out, and never shows it', async () => {
    const created = await create(
      ldapBody({}, { startTls: false, groupBase: '', groupFilter: '(member={dn})' }),
    );
    expect(created.ldap).toMatchObject({
      url: 'ldaps://ldap.example.com:636',
      hasBindPassword: true,
      groupBase: null,
      groupFilter: '(member={dn})',
      tlsVerify: true,
    });
    expect(created.redirectUri).toBeNull();
    expect(JSON.stringify(created)).not.toContain('ldap-bind-password-value');
    const row = await rowOf(created.providerId);
    expect(row.secretSealed).not.toContain('ldap-bind-password-value');
    expect(unseal(secretKey, row.secretSealed!)).toBe('ldap-bind-password-value');

    const { bindPassword: _, ...withoutPassword } = ldapBody().ldap;
    const res = await put(
      t,
      BASE,
      updateBody(created, { ldap: { ...withoutPassword, startTls: true } }),
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ldap).toMatchObject({ startTls: true, hasBindPassword: true });
    expect(unseal(secretKey, (await rowOf(created.providerId)).secretSealed!)).toBe(
      'ldap-bind-password-value',
    );
    expect(JSON.stringify(await auditOf(t.db, 'identity-provider', created.providerId))).not.toContain(
      'ldap-bind-password-value',
    );
  });

  it('asks for the bind password at creation, {username} in the filter, and an ldap(s) URL', async () => {
    const { bindPassword: _, ...withoutPassword } = ldapBody().ldap;
    const noPassword = await t.post(BASE, { ...ldapBody(), ldap: withoutPassword }, admin);
    expect(noPassword.statusCode).toBe(400);
    expect(fieldKey(noPassword.json(), 'ldap.bindPassword')).toBe('federation.secretRequired');
    const filter = await t.post(BASE, ldapBody({}, { userFilter: '(uid=*)' }), admin);
    expect(filter.statusCode).toBe(400);
    expect(fieldKey(filter.json(), 'ldap.userFilter')).toBe('federation.filterPlaceholder');
    const url = await t.post(BASE, ldapBody({}, { url: 'http://ldap.example.com' }), admin);
    expect(url.statusCode).toBe(400);
    expect(fieldKey(url.json(), 'ldap.url')).toBe('federation.ldapUrl');
  });
});

describe('identity providers: SAML', () => {
  it('reads the IdP metadata from pasted XML, and shows what to register at the IdP', async () => {
    const created = await create(samlBody({ metadataXml: metadata() }));
    const { providerId } = created;
    expect(created.saml).toMatchObject({
      metadataUrl: null,
      idp: { entityId: 'https://idp.example.com/metadata', ssoUrl: 'https://idp.example.com/sso' },
    });
    expect(created.saml!.spMetadataUrl).toMatch(
      new RegExp(`^https?://[^/]+${SAML_METADATA_PATH}/${providerId}$`),
    );
    expect(created.saml!.acsUrl).toMatch(new RegExp(`/saml2/authenticate/consumer/${providerId}$`));
    expect(created.saml!.spEntityId).toBe(created.saml!.spMetadataUrl);
    expect(created.saml!.idp.certificateFingerprints).toHaveLength(1);
    expect(created.saml!.idp.certificateFingerprints[0]).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(created.oidc).toBeNull();
    expect(created.redirectUri).toBeNull();

    // An update that gives no metadata keeps what was imported.
    const renamed = await put(t, BASE, updateBody(created, { name: 'Okta SSO' }), admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().saml.idp).toEqual(created.saml!.idp);
    // New XML replaces it.
    const moved = await put(
      t,
      BASE,
      updateBody(created, { saml: { metadataXml: metadata('https://idp2.example.com') } }),
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().saml.idp.entityId).toBe('https://idp2.example.com');
  });

  it('reads the metadata from its URL on save', async () => {
    let served = metadata('https://from-url.example.com');
    receiver.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      res.end(served);
    };
    const url = `${receiver.origin}/metadata`;
    const created = await create(samlBody({ metadataUrl: url }));
    expect(created.saml).toMatchObject({
      metadataUrl: url,
      idp: { entityId: 'https://from-url.example.com' },
    });
    // Saved again, it is read again.
    served = metadata('https://from-url-2.example.com');
    const res = await put(t, BASE, updateBody(created, {}), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().saml.idp.entityId).toBe('https://from-url-2.example.com');
  });

  it('answers a metadata URL that fails, or answers too much, with a 400 on the URL', async () => {
    const url = `${receiver.origin}/metadata`;
    receiver.answer = (_req, res) => {
      res.writeHead(404);
      res.end('not here');
    };
    const missing = await t.post(BASE, samlBody({ metadataUrl: url }), admin);
    expect(missing.statusCode).toBe(400);
    expect(fieldKey(missing.json(), 'saml.metadataUrl')).toBe('federation.metadataInvalid');
    expect(missing.json().fields[0].message).toContain('HTTP 404');

    receiver.answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`${metadata()}<!--${'x'.repeat(300_000)}-->`);
    };
    const huge = await t.post(BASE, samlBody({ metadataUrl: url }), admin);
    expect(huge.statusCode).toBe(400);
    expect(fieldKey(huge.json(), 'saml.metadataUrl')).toBe('federation.metadataInvalid');

    receiver.answer = (_req, res) => {
      res.writeHead(302, { location: `${receiver.origin}/elsewhere` });
      res.end();
    };
    const redirected = await t.post(BASE, samlBody({ metadataUrl: url }), admin);
    expect(redirected.statusCode).toBe(400);
    expect(fieldKey(redirected.json(), 'saml.metadataUrl')).toBe('federation.metadataInvalid');
  });

  it('refuses garbage, a DTD, external entities and entity expansion (XXE, billion laughs) with a 400', async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&xxe;">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/>
</md:EntityDescriptor>`;
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&lol9;"/>`;
    const cases = [
      'not xml at all',
      '<html><body>Sign in</body></html>',
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x">',
      metadata().replace(/<md:SingleSignOnService[^>]*>/g, ''),
      xxe,
      laughs,
    ];
    for (const metadataXml of cases) {
      const res = await t.post(BASE, samlBody({ metadataXml }), admin);
      expect(res.statusCode, metadataXml.slice(0, 60)).toBe(400);
      expect(fieldKey(res.json(), 'saml.metadataXml')).toBe('federation.metadataInvalid');
      expect(res.body).not.toContain('root:');
    }
    const none = await t.post(BASE, samlBody({}), admin);
    expect(none.statusCode).toBe(400);
    expect(fieldKey(none.json(), 'saml.metadataXml')).toBe('federation.metadataRequired');
  });

  it('has at most one default provider: a new default replaces the previous one; only SAML can be it', async () => {
    const first = await create(samlBody({ metadataXml: metadata() }, { isDefault: true }));
    const second = await create(samlBody({ metadataXml: metadata() }, { name: 'ADFS', isDefault: true }));
    expect(second.isDefault).toBe(true);
    expect((await t.get(`${BASE}/${first.providerId}`, admin)).json().isDefault).toBe(false);
    const back = await put(t, BASE, updateBody(first, { isDefault: true }), admin);
    expect(back.statusCode, back.body).toBe(200);
    expect((await t.get(`${BASE}/${second.providerId}`, admin)).json().isDefault).toBe(false);
    const defaults = await t.db.select().from(identityProviders).where(eq(identityProviders.isDefault, true));
    expect(defaults.map((d) => d.providerId)).toEqual([first.providerId]);

    const oidc = await t.post(BASE, oidcBody({ isDefault: true }), admin);
    expect(oidc.statusCode).toBe(400);
    expect(fieldKey(oidc.json(), 'isDefault')).toBe('federation.oneDefault');
    const ldap = await t.post(BASE, ldapBody({ isDefault: true }), admin);
    expect(fieldKey(ldap.json(), 'isDefault')).toBe('federation.oneDefault');
  });
});

describe('identity providers: input', () => {
  it('answers bad input with 400 and field messages, never a 500', async () => {
    const bodies: [Record<string, unknown>, string, string][] = [
      [oidcBody({ name: '' }), 'name', 'required'],
      [oidcBody({ name: '   ' }), 'name', 'required'],
      [oidcBody({ oidc: { issuer: 'not a url', clientId: 'c' } }), 'oidc.issuer', 'federation.issuerUrl'],
      [
        oidcBody({ oidc: { issuer: 'ftp://op.example.com', clientId: 'c' } }),
        'oidc.issuer',
        'federation.issuerUrl',
      ],
      [
        oidcBody({ oidc: { issuer: 'https://user:pw@op.example.com', clientId: 'c' } }),
        'oidc.issuer',
        'federation.issuerUrl',
      ],
      [samlBody({ metadataUrl: 'javascript:alert(1)' }), 'saml.metadataUrl', 'federation.metadataRequired'],
    ];
    for (const [body, field, key] of bodies) {
      const res = await t.post(BASE, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldKey(res.json(), field), `${field} of ${JSON.stringify(body)}`).toBe(key);
    }
    for (const body of [{}, { type: 'kerberos', name: 'x' }, { type: 'oidc', name: 'x' }, []]) {
      const res = await t.post(BASE, body as Record<string, unknown>, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.post(BASE, 'text', admin)).statusCode).toBe(415);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.get(`${BASE}/${unknown}`, admin)).statusCode).toBe(404);
    expect((await t.get(`${BASE}/not-a-uuid`, admin)).statusCode).toBe(404);
    expect((await put(t, BASE, { ...oidcBody(), providerId: unknown }, admin)).statusCode).toBe(404);
    expect((await put(t, `${BASE}/${unknown}/status`, { status: 'ENABLED' }, admin)).statusCode).toBe(404);
    expect((await del(t, `${BASE}/${unknown}`, admin)).statusCode).toBe(404);
    expect((await t.post(`${BASE}/${unknown}/test`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get(`${BASE}?type=kerberos`, admin)).statusCode).toBe(400);
    expect((await t.get(`${BASE}?sort=secret,asc`, admin)).statusCode).toBe(400);
  });

  it('rules name a role or group that exists, else a 400 on rules.N.targetId', async () => {
    const role = await t.createRole({ name: 'Engineers' });
    const missing = '00000000-0000-4000-8000-000000000001';
    const res = await t.post(
      BASE,
      oidcBody({
        rules: [
          { attribute: 'groups', value: 'eng', target: 'role', targetId: role.roleId },
          { attribute: 'groups', value: 'ops', target: 'group', targetId: missing },
          { attribute: 'groups', value: 'x', target: 'role', targetId: missing },
        ],
      }),
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldKey(res.json(), 'rules.0.targetId')).toBeUndefined();
    expect(fieldKey(res.json(), 'rules.1.targetId')).toBe('identity.unknownGroup');
    expect(fieldKey(res.json(), 'rules.2.targetId')).toBe('identity.unknownRole');
    const ok = await create(
      oidcBody({ rules: [{ attribute: 'groups', value: 'eng', target: 'role', targetId: role.roleId }] }),
    );
    expect(ok.rules).toEqual([{ attribute: 'groups', value: 'eng', target: 'role', targetId: role.roleId }]);
  });
});

describe('identity providers: deletion', () => {
  it('deletes the identities at the provider (the users stay), counted in the list until then', async () => {
    const provider = await create(oidcBody({ name: 'Cascade' }));
    const user = await t.createUser();
    await t.db
      .insert(userIdentities)
      .values({ providerId: provider.providerId, subject: 'sub-1', userId: user.userId });
    const appId = await createApplication(t.db, 'limited-to-cascade');
    await t.db
      .insert(applicationProviderLimits)
      .values({ applicationId: appId, providerIds: [provider.providerId] });
    const listed = (await t.get(`${BASE}?keyword=Cascade`, admin)).json().content as IdentityProvider[];
    expect(listed.find((p) => p.providerId === provider.providerId)?.linkedUsers).toBe(1);

    expect((await del(t, `${BASE}/${provider.providerId}`, admin)).statusCode).toBe(204);
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.providerId, provider.providerId)),
    ).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.userId, user.userId))).toHaveLength(1);
    const [limit] = await t.db
      .select()
      .from(applicationProviderLimits)
      .where(eq(applicationProviderLimits.applicationId, appId));
    expect(limit!.providerIds).toEqual([]);
    const [record] = (await auditOf(t.db, 'identity-provider', provider.providerId)).filter(
      (r) => r.action === 'delete',
    );
    expect(record!.before).toMatchObject({ name: 'Cascade', linkedUsers: 1 });
  });
});

describe('identity providers: test', () => {
  it('dispatches by type to the protocol’s tester, with the secret unsealed', async () => {
    const provider = await create(ldapBody({ name: 'Tested' }));
    const seen: ProviderRecord[] = [];
    const testLdap: ProviderTester = async (record) => {
      seen.push(record);
      return { ok: true, steps: [{ step: 'bind', ok: true, detail: null }] };
    };
    const service = new IdentityProviderService(t.db, {
      serverKey: secretKey,
      origin: () => 'https://gatehouse.example.com',
      outbound: { allowHttp: false, allowPrivate: false },
      testers: {
        ldap: testLdap,
        oidc: async () => {
          throw new Error('discovery failed');
        },
      },
    });
    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const asAdmin = { actorId: adminRow!.userId, actorName: 'admin', ip: null, requestId: null };
    expect(await service.test(provider.providerId, 'all', asAdmin)).toEqual({
      ok: true,
      steps: [{ step: 'bind', ok: true, detail: null }],
    });
    expect(seen[0]).toMatchObject({ type: 'ldap', secret: 'ldap-bind-password-value' });
    const oidc = await create(oidcBody());
    expect(await service.test(oidc.providerId, 'all', asAdmin)).toMatchObject({
      ok: false,
      steps: [{ ok: false, detail: 'discovery failed' }],
    });
    await expect(service.test(provider.providerId, new Set(['some-app']), asAdmin)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('tests an OIDC provider through oidc.ts: an issuer that cannot be reached is a failed step, not an error', async () => {
    const provider = await create(oidcBody());
    const res = await t.post(`${BASE}/${provider.providerId}/test`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ok).toBe(false);
  });

  it('tests a SAML provider through saml.ts: its metadata, its certificate, its sign-on URL', async () => {
    const provider = await create(samlBody({ metadataXml: metadata() }));
    const res = await t.post(`${BASE}/${provider.providerId}/test`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
    expect(res.json().steps.map((s: { step: string }) => s.step)).toEqual([
      'metadata',
      'certificate',
      'ssoUrl',
    ]);
  });

  it('refuses a metadata URL on a private address unless the server allows it', async () => {
    const strict = new IdentityProviderService(t.db, {
      serverKey: secretKey,
      origin: () => 'https://gatehouse.example.com',
      outbound: { allowHttp: false, allowPrivate: false },
      testers: {},
    });
    const ctx = { actorId: null, actorName: null, ip: null, requestId: null };
    const attempt = (metadataUrl: string) =>
      strict.create(
        {
          type: 'saml',
          name: 'n',
          enabled: true,
          isDefault: false,
          jitProvisioning: false,
          trustEmail: false,
          trustMfa: false,
          mfaValues: [],
          attributes: {},
          rules: [],
          saml: { metadataUrl, spEntityId: null, nameIdFormat: null },
        },
        ctx,
        'all',
      );
    for (const [url, key] of [
      [`${receiver.origin}/metadata`, 'webhook.httpsOnly'],
      ['https://127.0.0.1/metadata', 'webhook.privateTarget'],
      ['https://169.254.169.254/latest/meta-data', 'webhook.privateTarget'],
      ['https://[::1]/metadata', 'webhook.privateTarget'],
    ] as const) {
      const err = await attempt(url).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(AppError);
      expect((err as AppError).fields?.['saml.metadataUrl']?.key, url).toBe(key);
    }
  });
});

describe('identity providers: who may manage them', () => {
  it('403 for a user without the grant, and for a reader on every change', async () => {
    const provider = await create(oidcBody());
    const none = await tokenWith(t, IDENTITY_PROVIDER_PERMISSION_ID);
    const reader = await tokenWith(t, IDENTITY_PROVIDER_PERMISSION_ID, ['retrieve']);
    expect((await t.get(BASE, none)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${provider.providerId}`, none)).statusCode).toBe(403);
    expect((await t.get(BASE, reader)).statusCode).toBe(200);
    expect((await t.get(`${BASE}/${provider.providerId}`, reader)).statusCode).toBe(200);
    for (const token of [none, reader]) {
      expect((await t.post(BASE, oidcBody(), token)).statusCode).toBe(403);
      expect((await put(t, BASE, updateBody(provider, {}), token)).statusCode).toBe(403);
      expect(
        (await put(t, `${BASE}/${provider.providerId}/status`, { status: 'DISABLED' }, token)).statusCode,
      ).toBe(403);
      expect((await del(t, `${BASE}/${provider.providerId}`, token)).statusCode).toBe(403);
      expect((await t.post(`${BASE}/${provider.providerId}/test`, undefined, token)).statusCode).toBe(403);
    }
    expect((await t.get(`${BASE}/${provider.providerId}`, admin)).json().enabled).toBe(true);
  });

  it('403 for a delegated administrator whose grant is limited to an application: providers are the platform’s', async () => {
    const provider = await create(oidcBody());
    const appId = await createApplication(t.db, 'delegated-providers');
    const role = await t.createRole({
      permissions: [{ permissionId: IDENTITY_PROVIDER_PERMISSION_ID, applicationIds: [appId] }],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    expect((await t.get(BASE, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${provider.providerId}`, token)).statusCode).toBe(403);
    expect((await t.post(BASE, oidcBody(), token)).statusCode).toBe(403);
    expect((await put(t, BASE, updateBody(provider, { name: 'Taken' }), token)).statusCode).toBe(403);
    expect(
      (await put(t, `${BASE}/${provider.providerId}/status`, { status: 'DISABLED' }, token)).statusCode,
    ).toBe(403);
    expect((await del(t, `${BASE}/${provider.providerId}`, token)).statusCode).toBe(403);
    expect((await t.post(`${BASE}/${provider.providerId}/test`, undefined, token)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${provider.providerId}`, admin)).json()).toMatchObject({
      name: 'Entra ID',
      enabled: true,
    });
  });

  it('only an administrator manages providers, whatever the grant: a provider decides who signs in as whom', async () => {
    const [builtin] = await t.db.select().from(roles).where(eq(roles.builtin, true));
    const manager = await tokenWith(t, IDENTITY_PROVIDER_PERMISSION_ID, [
      'create',
      'update',
      'retrieve',
      'delete',
    ]);
    // No rules at all, but trusted for email and MFA: an upstream of the caller's own would
    // sign in as any account whose email it names, past its two-factor sign-in.
    const takeover = oidcBody({ trustEmail: true, trustMfa: true, mfaValues: ['pwd'] });
    const refused = await t.post(BASE, takeover, manager);
    expect(refused.statusCode, refused.body).toBe(403);
    const toAdmin = { attribute: 'groups', value: 'gh-admins', target: 'role', targetId: builtin!.roleId };
    expect((await t.post(BASE, oidcBody({ rules: [toAdmin] }), manager)).statusCode).toBe(403);

    const created = await create(oidcBody());
    const repointed = await put(
      t,
      BASE,
      updateBody(created, { oidc: { issuer: 'https://attacker.example.com', clientId: 'x' } }),
      manager,
    );
    expect(repointed.statusCode).toBe(403);
    expect(
      (await put(t, `${BASE}/${created.providerId}/status`, { status: 'DISABLED' }, manager)).statusCode,
    ).toBe(403);
    expect((await t.post(`${BASE}/${created.providerId}/test`, undefined, manager)).statusCode).toBe(403);
    expect((await del(t, `${BASE}/${created.providerId}`, manager)).statusCode).toBe(403);
    // Reading stays the grant's.
    expect((await t.get(`${BASE}/${created.providerId}`, manager)).json()).toMatchObject({
      name: created.name,
      enabled: true,
      oidc: { issuer: created.oidc!.issuer },
    });
    expect((await put(t, BASE, updateBody(created, { rules: [toAdmin] }), admin)).statusCode).toBe(200);
  });
});
