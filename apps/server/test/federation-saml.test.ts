/**
 * SAML 2.0 sign-in (issue 30) against a real IdP (samlify, test/federation/saml-idp.ts) that
 * signs its responses: the consumer signs a user in, creates them just in time and applies the
 * mapping; every forged or broken response (unsigned, another key, the XML signature wrapping
 * variants XSW1–XSW8, comment injection, wrong audience, times, InResponseTo, recipient,
 * issuer, a replay) lands on the sign-in page with `sso_error`, and no user nor session is made.
 */
import { X509Certificate } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  FEDERATION_API,
  FEDERATION_ERROR_PARAM,
  FEDERATION_HANDOFF_PARAM,
  FEDERATION_MESSAGES,
  SAML_CLOCK_SKEW_SECONDS,
  SAML_METADATA_PATH,
  SSO_CONSUMER_PATH,
} from '@gatehouse/contract';
import { DOMParser } from '@xmldom/xmldom';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  identityProviders,
  samlAssertionsSeen,
  sessions,
  userIdentities,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import type { AppError } from '../src/lib/errors.ts';
import { parseIdpMetadata, samlConsume, samlProtocol, testSaml } from '../src/modules/federation/saml.ts';
import type { Flow, ProviderRecord, StoredSettings } from '../src/modules/federation/types.ts';
import {
  decode,
  encode,
  injectComment,
  type ResponseOptions,
  type SamlIdp,
  type SamlRequest,
  type SamlTestUser,
  startSamlIdp,
  tamper,
  xsw,
} from './federation/saml-idp.ts';
import { build, en, type TestContext } from './helper.ts';

const ORIGIN = 'http://gatehouse.test';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const jdoe: SamlTestUser = {
  nameId: 'jdoe@example.com',
  attributes: {
    uid: 'jdoe',
    displayName: 'Jane Doe',
    'urn:oid:0.9.2342.19200300.100.1.3': 'jane.doe@example.com',
    groups: ['staff', 'gh-admins'],
  },
  friendlyNames: { 'urn:oid:0.9.2342.19200300.100.1.3': 'mail' },
};
/** The attacker: a real account at the IdP, who wants to be `admin`. */
const mallory: SamlTestUser = { nameId: 'mallory', attributes: { uid: 'mallory', groups: ['staff'] } };
/** Mallory's account name at the IdP for the comment trick: `admin@example.com<!---->.evil.com`. */
const COMMENT_TRICK = 'admin@example.com.evil.com';

let t: TestContext;
let idp: SamlIdp;
let provider: ProviderRecord;
let adminRoleId: string;
let adminUserId: string;

/** The server's warnings: each refused response is logged with its reason. */
const warnings: { msg?: string; reason?: string }[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) warnings.push(JSON.parse(line));
    done();
  },
});

beforeAll(async () => {
  idp = await startSamlIdp({ users: { jdoe, mallory } });
  t = await build({ config: { publicUrl: ORIGIN }, logger: { level: 'warn', stream: log } });
});

afterAll(async () => {
  await idp.close();
});

const settingsFor = (roleId: string): StoredSettings => ({
  jitProvisioning: true,
  trustEmail: false,
  trustMfa: false,
  mfaValues: [],
  // `mail` is the FriendlyName of the email's OID attribute.
  attributes: { email: 'mail' },
  rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: roleId }],
  saml: {
    metadataXml: idp.metadataXml,
    metadataUrl: null,
    spEntityId: null,
    nameIdFormat: null,
    idp: parseIdpMetadata(idp.metadataXml),
  },
});

/** Creates the SAML provider (the default one) the way the store keeps it. */
async function createProvider(): Promise<void> {
  const role = await t.createRole({ name: 'IdP administrators' });
  adminRoleId = role.roleId;
  const settings = settingsFor(adminRoleId);
  const [row] = await t.db
    .insert(identityProviders)
    .values({ type: 'saml', name: 'Test IdP', isDefault: true, settings })
    .returning();
  provider = {
    providerId: row!.providerId,
    type: 'saml',
    name: 'Test IdP',
    enabled: true,
    isDefault: true,
    settings,
    secret: null,
  };
  // The local administrator is linked to the IdP's `admin` and `admin@example.com`: what the
  // forged responses try to sign in as.
  const [admin] = await t.db.select().from(users).where(eq(users.username, 'admin'));
  adminUserId = admin!.userId;
  await t.db.insert(userIdentities).values([
    { providerId: provider.providerId, subject: 'admin', userId: adminUserId },
    { providerId: provider.providerId, subject: 'admin@example.com', userId: adminUserId },
  ]);
}

function cookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.map((c) => c.split(';')[0]).join('; ');
}

/** A browser starting the default provider's sign-in at the spec's path: the IdP's reading of the request, and the browser's cookie. */
async function start(): Promise<{ request: SamlRequest; cookie: string }> {
  const res = await t.get(SSO_CONSUMER_PATH);
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toMatch(new RegExp(`^${idp.ssoUrl}\\?SAMLRequest=`));
  return {
    request: await idp.readRequest(res.headers.location!),
    cookie: cookieOf(res.headers['set-cookie']),
  };
}

/** The IdP's form posted to the consumer the request named. */
function post(request: SamlRequest, samlResponse: string, relayState = request.relayState, url?: string) {
  return t.inject({
    method: 'POST',
    url: url ?? new URL(request.acsUrl).pathname,
    headers: FORM,
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
}

/** Where the consumer sends the browser: a same-site page that checks it is the one that started. */
const FINISH = new RegExp(`^${FEDERATION_API}/finish/`);

/** The browser comes back from the consumer: with its cookie, to the SPA's page with the handoff. */
async function finish(location: string, cookie?: string) {
  return t.inject({ method: 'GET', url: location, headers: cookie ? { cookie } : {} });
}

/** The browser goes on from the consumer, then the SPA exchanges the handoff for a session. */
async function exchange(acsLocation: string, cookie: string) {
  const back = await finish(acsLocation, cookie);
  expect(back.statusCode).toBe(302);
  const location = back.headers.location as string;
  expect(location).toMatch(/^\/login\?sso=/);
  const handoff = new URL(location, ORIGIN).searchParams.get(FEDERATION_HANDOFF_PARAM);
  expect(handoff, location).toBeTruthy();
  return t.inject({
    method: 'POST',
    url: `${FEDERATION_API}/exchange`,
    headers: { cookie },
    payload: { handoff },
  });
}

async function counts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [s] = await t.db.select({ n: count() }).from(sessions);
  const [i] = await t.db.select({ n: count() }).from(userIdentities);
  return { users: u!.n, sessions: s!.n, identities: i!.n };
}

function flowFor(request: SamlRequest, requestId = request.requestId): Flow {
  return {
    flowId: request.relayState,
    providerId: provider.providerId,
    target: { kind: 'console', redirect: null },
    browserChecked: false,
    data: { requestId },
    expiresAt: new Date(Date.now() + 600_000),
  };
}

describe('SAML: without a default provider', () => {
  it('the spec path shows a clear page in the browser’s language (404, not 501)', async () => {
    const res = await t.get(SSO_CONSUMER_PATH);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(en(FEDERATION_MESSAGES.notConfigured));
    expect(res.body).toContain('href="/login"');
    const zh = await t.inject({
      method: 'GET',
      url: SSO_CONSUMER_PATH,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(404);
    expect(zh.body).toContain('<html lang="zh-CN">');
  });

  it('a response posted to the spec path goes back to the sign-in page with an error', async () => {
    const res = await t.inject({
      method: 'POST',
      url: SSO_CONSUMER_PATH,
      headers: FORM,
      payload: 'SAMLResponse=PHg%2BPC94Pg%3D%3D&RelayState=abcdefghijklmnopqrstuvwxyz',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(`${FEDERATION_ERROR_PARAM}=${FEDERATION_MESSAGES.failed.key}`);
  });
});

describe('SAML: IdP metadata', () => {
  it('reads the entity id, the SSO URL (HTTP-Redirect) and the signing certificate', () => {
    const read = parseIdpMetadata(idp.metadataXml);
    expect(read.entityId).toBe(idp.entityId);
    expect(read.ssoUrl).toBe(idp.ssoUrl);
    expect(read.certificates).toHaveLength(1);
    expect(new X509Certificate(Buffer.from(read.certificates[0]!, 'base64')).toString()).toBe(
      new X509Certificate(idp.certificate).toString(),
    );
  });

  const refusal = (xml: string) => {
    try {
      parseIdpMetadata(xml);
    } catch (err) {
      const field = (err as AppError).fields?.['saml.metadataXml'];
      expect((err as AppError).statusCode).toBe(400);
      expect(field?.key).toBe(FEDERATION_MESSAGES.metadataInvalid.key);
      return String(field?.params?.reason);
    }
    throw new Error('the metadata was accepted');
  };

  it('refuses XML that is not well-formed, a DOCTYPE (no entities, nothing external), no IdP, no certificate', () => {
    expect(refusal('<EntityDescriptor')).toMatch(/well-formed/);
    expect(
      refusal(
        `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${idp.metadataXml.replace(/^<\?xml[^>]*\?>/, '')}`,
      ),
    ).toMatch(/DOCTYPE/);
    expect(refusal('<a xmlns="urn:x"/>')).toMatch(/EntityDescriptor/);
    expect(
      refusal(
        '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></EntityDescriptor>',
      ),
    ).toMatch(/IDPSSODescriptor/);
    const withoutKeys = idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '');
    expect(refusal(withoutKeys)).toMatch(/certificate/);
  });

  it('the provider test checks the metadata, the certificate dates and the SSO URL', async () => {
    if (!provider) await createProvider();
    const result = testSaml(provider);
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => s.step)).toEqual(['metadata', 'certificate', 'ssoUrl']);
    const later = testSaml(provider, new Date(Date.now() + 2 * 365 * 24 * 3600_000));
    expect(later.ok).toBe(false);
    expect(later.steps.find((s) => s.step === 'certificate')?.detail).toMatch(/expired/);
  });
});

describe('SAML: our SP metadata', () => {
  it('is served publicly as XML, naming our entity id and consumer', async () => {
    if (!provider) await createProvider();
    const res = await t.get(`${SAML_METADATA_PATH}/${provider.providerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    const doc = new DOMParser().parseFromString(res.body, 'text/xml');
    const root = doc.documentElement;
    expect(root.localName).toBe('EntityDescriptor');
    expect(root.getAttribute('entityID')).toBe(`${ORIGIN}${SAML_METADATA_PATH}/${provider.providerId}`);
    const acs = root.getElementsByTagNameNS(
      'urn:oasis:names:tc:SAML:2.0:metadata',
      'AssertionConsumerService',
    )[0];
    expect(acs?.getAttribute('Location')).toBe(`${ORIGIN}${SSO_CONSUMER_PATH}/${provider.providerId}`);
    expect(acs?.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
  });

  it('is a 404 for no such provider', async () => {
    expect((await t.get(`${SAML_METADATA_PATH}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await t.get(`${SAML_METADATA_PATH}/not-a-uuid`)).statusCode).toBe(404);
  });
});

describe('SAML: sign-in', () => {
  beforeAll(async () => {
    if (!provider) await createProvider();
  });

  it('the spec path sends the browser to the default IdP with an AuthnRequest (HTTP-Redirect)', async () => {
    const res = await t.get(SSO_CONSUMER_PATH);
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoUrl);
    expect(url.searchParams.get('RelayState')).toBeTruthy();
    const request = await idp.readRequest(url.toString());
    expect(request.acsUrl).toBe(`${ORIGIN}${SSO_CONSUMER_PATH}/${provider.providerId}`);
    expect(request.spEntityId).toBe(`${ORIGIN}${SAML_METADATA_PATH}/${provider.providerId}`);
    expect(request.requestId).toMatch(/^_/);
  });

  it('signs in through a signed response, creates the user, maps the attributes and the rule', async () => {
    const before = await counts();
    const { request, cookie } = await start();
    const res = await post(request, await idp.respond(request, jdoe));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(FINISH);
    const session = await exchange(res.headers.location!, cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().result.token).toBeTruthy();

    const [user] = await t.db.select().from(users).where(eq(users.username, 'jdoe'));
    expect(user).toMatchObject({ name: 'Jane Doe', email: 'jane.doe@example.com' });
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, user!.userId));
    expect(roles.map((r) => r.roleId)).toContain(adminRoleId);
    const [identity] = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user!.userId));
    expect(identity).toMatchObject({ providerId: provider.providerId, subject: jdoe.nameId });
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBe(before.sessions + 1);
  });

  it('goes on only in the browser that started: another one (a stolen request URL) links, creates and signs in nothing', async () => {
    const before = await counts();
    const { request, cookie } = await start();
    const res = await post(request, await idp.respond(request, jdoe));
    expect(res.headers.location).toMatch(FINISH);
    const elsewhere = await finish(res.headers.location!);
    expect(elsewhere.statusCode).toBe(302);
    expect(new URL(elsewhere.headers.location!, ORIGIN).searchParams.get(FEDERATION_ERROR_PARAM)).toBe(
      FEDERATION_MESSAGES.expired.key,
    );
    // The flow is used up: the right browser, coming late, gets nothing either.
    const late = await finish(res.headers.location!, cookie);
    expect(new URL(late.headers.location!, ORIGIN).searchParams.get(FEDERATION_ERROR_PARAM)).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('accepts a response signed as a whole (the assertion unsigned), and one signed twice', async () => {
    for (const sign of ['response', 'both'] as const) {
      const { request, cookie } = await start();
      const res = await post(request, await idp.respond(request, jdoe, { sign }));
      expect(res.headers.location, sign).toMatch(FINISH);
      expect((await exchange(res.headers.location!, cookie)).statusCode).toBe(200);
    }
  });

  it('takes the response at the spec path too (the default provider)', async () => {
    const { request, cookie } = await start();
    const res = await post(request, await idp.respond(request, jdoe), request.relayState, SSO_CONSUMER_PATH);
    expect(res.headers.location).toMatch(FINISH);
    expect((await exchange(res.headers.location!, cookie)).statusCode).toBe(200);
  });

  it('the IdP over HTTP answers with a form that posts the response to the consumer (the browser tests’ path)', async () => {
    const started = await t.get(SSO_CONSUMER_PATH);
    const cookie = cookieOf(started.headers['set-cookie']);
    idp.signInAs('jdoe');
    const page = await fetch(started.headers.location!);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    expect(action).toBe(`${ORIGIN}${SSO_CONSUMER_PATH}/${provider.providerId}`);
    const res = await t.inject({
      method: 'POST',
      url: new URL(action!).pathname,
      headers: FORM,
      payload: new URLSearchParams({
        SAMLResponse: value('SAMLResponse'),
        RelayState: value('RelayState'),
      }).toString(),
    });
    expect(res.headers.location).toMatch(FINISH);
    expect((await exchange(res.headers.location!, cookie)).statusCode).toBe(200);
  });

  it('keeps each assertion id until it expires (plus the skew), and purges expired ones', async () => {
    const stale = 'stale-assertion';
    await t.db.insert(samlAssertionsSeen).values({
      providerId: provider.providerId,
      assertionId: stale,
      expiresAt: new Date(Date.now() - 1000),
    });
    const { request } = await start();
    const notOnOrAfter = new Date(Date.now() + 120_000);
    const response = await idp.respond(request, jdoe, { notOnOrAfter, assertionId: '_kept-assertion' });
    const upstream = await samlConsume(t.db, provider, flowFor(request), response, ORIGIN);
    expect(upstream).toMatchObject({
      subject: jdoe.nameId,
      emailVerified: false,
      authnContext: ['urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport'],
    });
    // Multi-valued attributes are lists; FriendlyNames name them too.
    expect(upstream.attributes.groups).toEqual(['staff', 'gh-admins']);
    expect(upstream.attributes.mail).toEqual(['jane.doe@example.com']);
    expect(upstream.attributes['urn:oid:0.9.2342.19200300.100.1.3']).toEqual(['jane.doe@example.com']);
    const rows = await t.db.select().from(samlAssertionsSeen);
    expect(rows.map((r) => r.assertionId)).not.toContain(stale);
    const kept = rows.find((r) => r.assertionId === '_kept-assertion');
    expect(kept?.expiresAt.getTime()).toBe(notOnOrAfter.getTime() + SAML_CLOCK_SKEW_SECONDS * 1000);
    // The same assertion again, for the same request: a replay, even with the flow still open.
    await expect(samlConsume(t.db, provider, flowFor(request), response, ORIGIN)).rejects.toThrow(/replay/);
  });
});

/** An attack, and the reason the refusal must give (so that it is refused for the right reason). */
type Attack = { name: string; craft: (request: SamlRequest) => Promise<string>; reason: RegExp };

/** The SAML attacks tried; each must end on the sign-in page with sso_error, signing no one in. */
const ATTACKS: Attack[] = [
  {
    name: 'unsigned response and assertion',
    reason: /Invalid signature/,
    craft: (r) => idp.respond(r, mallory, { sign: 'none' }),
  },
  {
    name: 'signed by another key (same entity id)',
    reason: /Invalid signature/,
    craft: (r) => idp.respond(r, mallory, { otherKey: true }),
  },
  {
    name: 'signed assertion, a value changed after signing (groups += gh-admins)',
    reason: /Invalid signature/,
    craft: async (r) =>
      tamper(await idp.respond(r, mallory), (doc) => {
        const value = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'AttributeValue');
        const last = value[value.length - 1]!;
        last.parentNode!.appendChild(last.cloneNode(false)).appendChild(doc.createTextNode('gh-admins'));
      }),
  },
  {
    name: 'wrong audience',
    reason: /audience mismatch/,
    craft: (r) => idp.respond(r, mallory, { audience: 'https://other-sp.example' }),
  },
  {
    name: 'expired (NotOnOrAfter past, beyond the skew)',
    reason: /No valid subject confirmation/,
    craft: (r) =>
      idp.respond(r, mallory, { notOnOrAfter: new Date(Date.now() - (SAML_CLOCK_SKEW_SECONDS + 30) * 1000) }),
  },
  {
    name: 'NotBefore in the future, beyond the skew',
    reason: /not yet valid/,
    craft: (r) =>
      idp.respond(r, mallory, { notBefore: new Date(Date.now() + (SAML_CLOCK_SKEW_SECONDS + 60) * 1000) }),
  },
  {
    name: 'wrong InResponseTo',
    reason: /InResponseTo is not valid/,
    craft: (r) => idp.respond(r, mallory, { inResponseTo: '_another-request' }),
  },
  {
    name: 'unsolicited (IdP-initiated, no InResponseTo)',
    reason: /InResponseTo is missing/,
    craft: (r) => idp.respond(r, mallory, { inResponseTo: null }),
  },
  {
    name: 'assertion of another sign-in transplanted (Response InResponseTo rewritten)',
    reason: /InResponseTo does not match/,
    craft: async (r) => {
      const other = await start();
      const response = await idp.respond(other.request, mallory);
      return tamper(response, (doc) => doc.documentElement.setAttribute('InResponseTo', r.requestId));
    },
  },
  {
    name: 'wrong Destination',
    reason: /Destination/,
    craft: (r) => idp.respond(r, mallory, { destination: 'https://evil.example/acs' }),
  },
  {
    name: 'wrong Recipient',
    reason: /no valid bearer SubjectConfirmation/,
    craft: (r) => idp.respond(r, mallory, { recipient: 'https://evil.example/acs' }),
  },
  {
    name: 'wrong Issuer',
    reason: /Issuer is https:\/\/evil/,
    craft: (r) => idp.respond(r, mallory, { issuer: 'https://evil.example/idp' }),
  },
  {
    name: 'wrong Issuer in the assertion only',
    reason: /assertion's Issuer is https:\/\/evil/,
    craft: (r) => idp.respond(r, mallory, { assertionIssuer: 'https://evil.example/idp' }),
  },
  {
    name: 'IdP error status with a signed assertion',
    reason: /status:Responder/,
    craft: (r) => idp.respond(r, mallory, { statusCode: 'urn:oasis:names:tc:SAML:2.0:status:Responder' }),
  },
  {
    name: 'DOCTYPE with an external entity (XXE)',
    reason: /DOCTYPE is not allowed/,
    craft: async (r) => {
      const xml = decode(await idp.respond(r, mallory));
      return encode(
        `<!DOCTYPE samlp:Response [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${xml.replace('>mallory<', '>&xxe;<')}`,
      );
    },
  },
  {
    name: 'comment injection in NameID (admin@example.com<!---->.evil.com)',
    reason: /comments/,
    craft: async (r) =>
      injectComment(
        await idp.respond(r, { nameId: COMMENT_TRICK }),
        COMMENT_TRICK,
        'admin@example.com'.length,
      ),
  },
  ...([1, 2] as const).map((v) => ({
    name: `XSW${v} (signed Response)`,
    reason: /Referenced node does not refer to it's parent element/,
    craft: async (r: SamlRequest) => xsw(v, await idp.respond(r, mallory, { sign: 'response' }), 'admin'),
  })),
  ...([3, 4, 5, 6, 7, 8] as const).map((v) => ({
    name: `XSW${v} (signed Assertion)`,
    // XSW3 and XSW5 leave two assertions; XSW4 and XSW7 put an unsigned one first; XSW6 and
    // XSW8 keep the signature in the changed assertion while its reference finds the copy.
    reason: {
      3: /multiple assertions/,
      4: /^Invalid signature$/,
      5: /multiple assertions/,
      6: /Referenced node/,
      7: /^Invalid signature$/,
      8: /Referenced node/,
    }[v],
    craft: async (r: SamlRequest) => xsw(v, await idp.respond(r, mallory, { sign: 'assertion' }), 'admin'),
  })),
];

describe('SAML: forged and broken responses', () => {
  beforeAll(async () => {
    if (!provider) await createProvider();
  });

  it.each(ATTACKS.map((a) => [a.name, a] as const))(
    '%s → sso_error, no user, no session',
    async (_name, attack) => {
      const before = await counts();
      const { request, cookie } = await start();
      const res = await post(request, await attack.craft(request));
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location!, ORIGIN);
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get(FEDERATION_ERROR_PARAM)).toBe(FEDERATION_MESSAGES.failed.key);
      expect(location.searchParams.get(FEDERATION_HANDOFF_PARAM)).toBeNull();
      // The flow was used up: the browser cannot try again with it.
      const again = await post(request, await idp.respond(request, mallory));
      expect(new URL(again.headers.location!, ORIGIN).searchParams.get(FEDERATION_ERROR_PARAM)).toBeTruthy();
      const after = await counts();
      expect(after).toEqual(before);
      expect(cookie).toBeTruthy();
    },
  );

  it('a replayed good response (same RelayState) is refused', async () => {
    const { request, cookie } = await start();
    const response = await idp.respond(request, jdoe);
    const first = await post(request, response);
    expect(first.headers.location).toMatch(FINISH);
    expect((await exchange(first.headers.location!, cookie)).statusCode).toBe(200);
    const before = await counts();
    const replay = await post(request, response);
    expect(replay.statusCode).toBe(303);
    expect(new URL(replay.headers.location!, ORIGIN).searchParams.get(FEDERATION_ERROR_PARAM)).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('a good response replayed into a new sign-in of the same browser is refused', async () => {
    const { request, cookie } = await start();
    const response = await idp.respond(request, jdoe);
    expect((await exchange((await post(request, response)).headers.location!, cookie)).statusCode).toBe(200);
    const before = await counts();
    const next = await start();
    const replay = await post(next.request, response);
    expect(new URL(replay.headers.location!, ORIGIN).searchParams.get(FEDERATION_ERROR_PARAM)).toBe(
      FEDERATION_MESSAGES.failed.key,
    );
    expect(await counts()).toEqual(before);
  });

  it('no SAMLResponse, a RelayState of no flow, or a body that is not a form', async () => {
    const { request } = await start();
    const bare = await t.inject({
      method: 'POST',
      url: new URL(request.acsUrl).pathname,
      headers: FORM,
      payload: '',
    });
    expect(bare.statusCode).toBe(303);
    expect(bare.headers.location).toMatch(FEDERATION_ERROR_PARAM);
    const stray = await post(request, await idp.respond(request, jdoe), 'no-such-flow-0123456789');
    expect(stray.statusCode).toBe(303);
    expect(stray.headers.location).toMatch(FEDERATION_ERROR_PARAM);
    const json = await t.inject({
      method: 'POST',
      url: new URL(request.acsUrl).pathname,
      payload: { SAMLResponse: 'x', RelayState: request.relayState },
    });
    expect(json.statusCode).toBe(303);
    const other = await t.inject({
      method: 'POST',
      url: `${SSO_CONSUMER_PATH}/not-a-uuid`,
      headers: FORM,
      payload: 'SAMLResponse=x',
    });
    expect(other.statusCode).toBe(303);
  });
});

describe('SAML: the request', () => {
  it('carries RelayState = the flow id and keeps the request id in the flow', async () => {
    if (!provider) await createProvider();
    const begun = await samlProtocol.begin(provider, 'flow-id-0123456789abcdef', ORIGIN);
    const request = await idp.readRequest(begun.redirectTo);
    expect(request.relayState).toBe('flow-id-0123456789abcdef');
    expect(begun.data).toEqual({ requestId: request.requestId });
  });

  it('a response to it must name it: options are checked on the signed XML only', async () => {
    const begun = await samlProtocol.begin(provider, 'flow-id-0123456789abcdeg', ORIGIN);
    const request = await idp.readRequest(begun.redirectTo);
    const options: ResponseOptions = { assertionId: '_direct-call' };
    const response = await idp.respond(request, jdoe, options);
    await expect(
      samlConsume(t.db, provider, flowFor(request, '_not-this-one'), response, ORIGIN),
    ).rejects.toThrow(/InResponseTo/);
  });
});
