import { randomBytes, X509Certificate } from 'node:crypto';
import {
  FEDERATION_MESSAGES,
  m,
  type ProviderTestResult,
  SAML_CLOCK_SKEW_SECONDS,
  SAML_METADATA_PATH,
  SSO_CONSUMER_PATH,
} from '@gatehouse/contract';
import { type CacheProvider, SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { Database } from '../../db/client.ts';
import { validationFailed } from '../../lib/errors.ts';
import { purgeExpiredAssertions, rememberAssertion } from './saml-repository.ts';
import type {
  Flow,
  ProviderRecord,
  RedirectProtocol,
  StoredSamlIdp,
  StoredSettings,
  UpstreamIdentity,
} from './types.ts';

/**
 * SAML 2.0 service provider (Web Browser SSO profile): the AuthnRequest goes out over
 * HTTP-Redirect, the IdP's Response comes back over HTTP-POST to the assertion consumer.
 * node-saml checks the signatures and the times; the checks it leaves to its caller (the
 * assertion's issuer, the bearer confirmation's recipient and InResponseTo, the response's
 * status and destination, replays) are made here, on the XML the signature covered.
 */

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PROTOCOL_SAML2 = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

const SKEW_MS = SAML_CLOCK_SKEW_SECONDS * 1000;
/** A SAMLResponse larger than this is not read (real ones are a few KiB). */
const MAX_RESPONSE_CHARS = 512 * 1024;

/** Why a SAML response was refused: for the log only, the browser sees `FEDERATION_MESSAGES.failed`. */
export class SamlRefused extends Error {
  override name = 'SamlRefused';
}

const ELEMENT_NODE = 1;
const PROCESSING_INSTRUCTION_NODE = 7;
const COMMENT_NODE = 8;

/**
 * Parses XML without a document type: a DOCTYPE is refused before parsing, so no entity is
 * declared or expanded and nothing external is read (xmldom reads nothing external anyway).
 * Any parse error or warning is a refusal, not a best guess.
 */
function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new SamlRefused('a DOCTYPE is not allowed');
  const problems: string[] = [];
  const record = (message: string) => {
    problems.push(message);
  };
  let doc: Document;
  try {
    doc = new DOMParser({
      locator: {},
      errorHandler: { warning: record, error: record, fatalError: record },
    }).parseFromString(xml, 'text/xml');
  } catch (err) {
    throw new SamlRefused(`not well-formed XML: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (problems.length > 0) throw new SamlRefused(`not well-formed XML: ${problems[0]!.trim().slice(0, 200)}`);
  if (!doc?.documentElement) throw new SamlRefused('no document element');
  return doc;
}

function childElements(parent: Element, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    if (element.namespaceURI === ns && element.localName === name) found.push(element);
  }
  return found;
}

function firstChild(parent: Element, ns: string, name: string): Element | undefined {
  return childElements(parent, ns, name)[0];
}

const textOf = (element: Element | undefined) => (element?.textContent ?? '').trim();

function is(element: Element, ns: string, name: string) {
  return element.namespaceURI === ns && element.localName === name;
}

/** A certificate's base64 body as PEM. */
function toPem(body: string): string {
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

/** The SHA-256 fingerprint of a stored certificate (base64 body), as `AB:CD:…`. */
export function certificateFingerprint(body: string): string {
  return new X509Certificate(Buffer.from(body, 'base64')).fingerprint256;
}

/**
 * What an IdP's metadata says: its entity id, where to send the AuthnRequest (HTTP-Redirect,
 * else HTTP-POST's location, which IdPs serve for both) and its signing certificates. Refuses
 * with a 400 on `field` (FEDERATION_MESSAGES.metadataInvalid with the reason) when the XML is
 * not well-formed, holds a DOCTYPE, names no SAML 2.0 IdP, or has no usable certificate.
 */
export function parseIdpMetadata(xml: string, field = 'saml.metadataXml'): StoredSamlIdp {
  const invalid = (reason: string) =>
    validationFailed({ [field]: m(FEDERATION_MESSAGES.metadataInvalid.key, { reason }) });
  let doc: Document;
  try {
    doc = parseXml(xml);
  } catch (err) {
    throw invalid(err instanceof Error ? err.message : String(err));
  }
  const root = doc.documentElement;
  let entities: Element[];
  if (is(root, MD, 'EntityDescriptor')) entities = [root];
  else if (is(root, MD, 'EntitiesDescriptor'))
    entities = Array.from(root.getElementsByTagNameNS(MD, 'EntityDescriptor'));
  else throw invalid('the document is not SAML metadata (no EntityDescriptor)');

  let entity: Element | undefined;
  let idp: Element | undefined;
  for (const candidate of entities) {
    idp = childElements(candidate, MD, 'IDPSSODescriptor').find((d) =>
      (d.getAttribute('protocolSupportEnumeration') ?? '').split(/\s+/).includes(PROTOCOL_SAML2),
    );
    if (idp) {
      entity = candidate;
      break;
    }
  }
  if (!entity || !idp) throw invalid('no IDPSSODescriptor for SAML 2.0');

  const entityId = (entity.getAttribute('entityID') ?? '').trim();
  if (!entityId) throw invalid('the EntityDescriptor has no entityID');

  const services = childElements(idp, MD, 'SingleSignOnService');
  const service =
    services.find((s) => s.getAttribute('Binding') === BINDING_REDIRECT) ??
    services.find((s) => s.getAttribute('Binding') === BINDING_POST);
  if (!service) throw invalid('no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding');
  const ssoUrl = (service.getAttribute('Location') ?? '').trim();
  if (!isWebUrl(ssoUrl)) throw invalid('the SingleSignOnService Location is not an http(s) URL');

  const certificates: string[] = [];
  for (const key of childElements(idp, MD, 'KeyDescriptor')) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const body = (cert.textContent ?? '').replace(/\s+/g, '');
      if (!body) continue;
      try {
        new X509Certificate(Buffer.from(body, 'base64'));
      } catch {
        throw invalid('a signing certificate could not be read');
      }
      if (!certificates.includes(body)) certificates.push(body);
    }
  }
  if (certificates.length === 0) throw invalid('no signing certificate (KeyDescriptor with X509Certificate)');
  return { entityId, ssoUrl, certificates };
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

type SamlProviderSettings = NonNullable<StoredSettings['saml']>;

function samlSettings(provider: ProviderRecord): SamlProviderSettings {
  const saml = provider.settings.saml;
  if (provider.type !== 'saml' || !saml) throw new SamlRefused('the provider is not a SAML provider');
  return saml;
}

/** Where the IdP posts its responses for this provider. */
export const samlAcsUrl = (providerId: string, origin: string) =>
  `${origin}${SSO_CONSUMER_PATH}/${providerId}`;

/** Where our SP metadata for this provider is served. */
export const samlMetadataUrl = (providerId: string, origin: string) =>
  `${origin}${SAML_METADATA_PATH}/${providerId}`;

/** Our entity id at the IdP: the configured one, else the SP metadata URL. */
export function samlSpEntityId(
  provider: Pick<ProviderRecord, 'providerId' | 'settings'>,
  origin: string,
): string {
  return provider.settings.saml?.spEntityId || samlMetadataUrl(provider.providerId, origin);
}

/** The node-saml settings every use shares: who we are, where we listen, whom we trust. */
function baseConfig(provider: ProviderRecord, origin: string): SamlConfig {
  const saml = samlSettings(provider);
  const issuer = samlSpEntityId(provider, origin);
  return {
    idpCert: saml.idp.certificates.map(toPem),
    issuer,
    audience: issuer,
    callbackUrl: samlAcsUrl(provider.providerId, origin),
    entryPoint: saml.idp.ssoUrl,
    identifierFormat: saml.nameIdFormat ?? null,
    // The IdP decides how to authenticate; its AuthnContextClassRef tells us (mfaValues).
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: SKEW_MS,
    // Either the response or the assertion must carry a valid signature (see samlConsume).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    signatureAlgorithm: 'sha256',
  };
}

/** Sends the browser to the IdP with an AuthnRequest over HTTP-Redirect; RelayState is the flow's id. */
async function begin(
  provider: ProviderRecord,
  flowId: string,
  origin: string,
): Promise<{ redirectTo: string; data: Record<string, unknown> }> {
  // An XML ID must not start with a digit.
  const requestId = `_${randomBytes(20).toString('hex')}`;
  const client = new SAML({
    ...baseConfig(provider, origin),
    generateUniqueId: () => requestId,
    // The request id is kept in the flow, not in node-saml's cache.
    validateInResponseTo: ValidateInResponseTo.never,
  });
  const redirectTo = await client.getAuthorizeUrlAsync(flowId, undefined, {});
  return { redirectTo, data: { requestId } };
}

export const samlProtocol: RedirectProtocol = { begin };

/** Every node below `root` that no signature covers when exclusive C14N drops it: comments and PIs. */
function hasUnsignableNodes(root: Node): boolean {
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.nodeType === COMMENT_NODE || node.nodeType === PROCESSING_INSTRUCTION_NODE) return true;
    for (let child = node.firstChild; child; child = child.nextSibling) pending.push(child);
  }
  return false;
}

function instant(value: string | null, what: string): number | null {
  if (value === null || value === '') return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new SamlRefused(`${what} is not a date: ${value.slice(0, 40)}`);
  return ms;
}

/**
 * Reads, checks and consumes a SAMLResponse posted to the consumer for `flow`; returns who
 * signed in. Throws `SamlRefused` (or node-saml's error) with the reason otherwise.
 *
 * Signatures: node-saml accepts a response whose root carries a valid signature by one of the
 * IdP's certificates, or whose one assertion does (with both `want…Signed` off it requires one
 * of the two, never neither). It refuses more than one assertion, a signature whose reference
 * is not its parent, duplicate IDs, and more than two transforms; and it reads the assertion
 * only from the bytes the signature covered (`getVerifiedXml`), which defeats signature
 * wrapping (XSW): whatever is wrapped beside or inside, what is read is what was signed. So
 * every check below reads that verified assertion, never the posted document.
 */
export async function samlConsume(
  db: Database,
  provider: ProviderRecord,
  flow: Flow,
  samlResponseBase64: string,
  origin: string,
): Promise<UpstreamIdentity> {
  const saml = samlSettings(provider);
  const acsUrl = samlAcsUrl(provider.providerId, origin);
  const requestId = flow.data.requestId;
  if (typeof requestId !== 'string' || !requestId) throw new SamlRefused('the flow has no request id');
  if (flow.providerId !== provider.providerId) throw new SamlRefused('the flow is of another provider');
  if (!samlResponseBase64 || samlResponseBase64.length > MAX_RESPONSE_CHARS)
    throw new SamlRefused('no SAMLResponse, or one too large');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(samlResponseBase64))
    throw new SamlRefused('the SAMLResponse is not base64');

  const xml = Buffer.from(samlResponseBase64, 'base64').toString('utf8');
  const doc = parseXml(xml);
  const response = doc.documentElement;
  if (!is(response, SAMLP, 'Response')) throw new SamlRefused('not a samlp:Response');
  // Exclusive C14N leaves comments out of the digest, so a comment inside a signed response
  // was added after signing: the NameID `admin@example.com<!---->.evil.com` trick.
  if (hasUnsignableNodes(response))
    throw new SamlRefused('the response holds comments or processing instructions');
  const status = firstChild(response, SAMLP, 'Status');
  const statusCode = status ? firstChild(status, SAMLP, 'StatusCode')?.getAttribute('Value') : null;
  if (statusCode !== STATUS_SUCCESS) throw new SamlRefused(`the IdP answered ${statusCode ?? 'no status'}`);
  const destination = response.getAttribute('Destination');
  if (destination && destination !== acsUrl) throw new SamlRefused(`the Destination is ${destination}`);
  const responseIssuer = firstChild(response, SAML_NS, 'Issuer');
  if (responseIssuer && textOf(responseIssuer) !== saml.idp.entityId)
    throw new SamlRefused(`the response's Issuer is ${textOf(responseIssuer)}`);

  // InResponseTo must name this flow's request: an unsolicited (IdP-initiated) response, or
  // one answering another request, is refused. The flow, not a cache, holds the request id.
  const requests: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  const client = new SAML({
    ...baseConfig(provider, origin),
    validateInResponseTo: ValidateInResponseTo.always,
    cacheProvider: requests,
  });
  const { profile } = await client.validatePostResponseAsync({ SAMLResponse: samlResponseBase64 });
  const verifiedXml = profile?.getAssertionXml?.();
  if (!verifiedXml) throw new SamlRefused('no signed assertion');

  const assertion = parseXml(verifiedXml).documentElement;
  if (!is(assertion, SAML_NS, 'Assertion')) throw new SamlRefused('the signed content is not an assertion');
  const assertionId = assertion.getAttribute('ID');
  if (!assertionId) throw new SamlRefused('the assertion has no ID');
  const issuer = textOf(firstChild(assertion, SAML_NS, 'Issuer'));
  if (issuer !== saml.idp.entityId) throw new SamlRefused(`the assertion's Issuer is ${issuer || 'missing'}`);

  const subjectElement = firstChild(assertion, SAML_NS, 'Subject');
  const subject = textOf(subjectElement ? firstChild(subjectElement, SAML_NS, 'NameID') : undefined);
  if (!subject) throw new SamlRefused('the assertion has no NameID');

  // A bearer confirmation for our consumer, answering our request, still valid.
  const now = Date.now();
  let confirmedUntil: number | null = null;
  for (const confirmation of subjectElement
    ? childElements(subjectElement, SAML_NS, 'SubjectConfirmation')
    : []) {
    if (confirmation.getAttribute('Method') !== BEARER) continue;
    const data = firstChild(confirmation, SAML_NS, 'SubjectConfirmationData');
    if (!data) continue;
    if (data.getAttribute('Recipient') !== acsUrl) continue;
    if (data.getAttribute('InResponseTo') !== requestId) continue;
    const notBefore = instant(data.getAttribute('NotBefore'), 'SubjectConfirmationData NotBefore');
    const notOnOrAfter = instant(data.getAttribute('NotOnOrAfter'), 'SubjectConfirmationData NotOnOrAfter');
    if (notOnOrAfter === null || now - SKEW_MS >= notOnOrAfter) continue;
    if (notBefore !== null && now + SKEW_MS < notBefore) continue;
    confirmedUntil = notOnOrAfter;
    break;
  }
  if (confirmedUntil === null)
    throw new SamlRefused('no valid bearer SubjectConfirmation for this consumer and request');

  const conditions = firstChild(assertion, SAML_NS, 'Conditions');
  const conditionsUntil = instant(
    conditions?.getAttribute('NotOnOrAfter') ?? null,
    'Conditions NotOnOrAfter',
  );
  const keepUntil = new Date(Math.max(confirmedUntil, conditionsUntil ?? 0) + SKEW_MS);

  const attributes = new Map<string, string[]>();
  const add = (name: string, values: string[]) =>
    attributes.set(name, [...(attributes.get(name) ?? []), ...values]);
  for (const statement of childElements(assertion, SAML_NS, 'AttributeStatement')) {
    for (const attribute of childElements(statement, SAML_NS, 'Attribute')) {
      const values = childElements(attribute, SAML_NS, 'AttributeValue').map((v) => v.textContent ?? '');
      const name = attribute.getAttribute('Name');
      const friendly = attribute.getAttribute('FriendlyName');
      if (name) add(name, values);
      if (friendly && friendly !== name) add(friendly, values);
    }
  }
  const authnContext: string[] = [];
  for (const statement of childElements(assertion, SAML_NS, 'AuthnStatement'))
    for (const context of childElements(statement, SAML_NS, 'AuthnContext'))
      for (const ref of childElements(context, SAML_NS, 'AuthnContextClassRef')) {
        const value = textOf(ref);
        if (value && !authnContext.includes(value)) authnContext.push(value);
      }

  await purgeExpiredAssertions(db);
  if (!(await rememberAssertion(db, provider.providerId, assertionId, keepUntil)))
    throw new SamlRefused(`assertion ${assertionId} was already used (replay)`);

  return { subject, attributes: Object.fromEntries(attributes), emailVerified: false, authnContext };
}

/** Our SP metadata for this provider, to give the IdP: entity id, consumer, NameID format. */
export function spMetadata(provider: ProviderRecord, origin: string): string {
  const client = new SAML({ ...baseConfig(provider, origin), wantAssertionsSigned: true });
  return client.generateServiceProviderMetadata(null, null);
}

/** The "test" of a SAML provider: its metadata was read, its certificates are current, its SSO URL is a web URL. */
export function testSaml(provider: ProviderRecord, now: Date = new Date()): ProviderTestResult {
  const steps: ProviderTestResult['steps'] = [];
  const idp = provider.settings.saml?.idp;
  if (!idp) {
    steps.push({ step: 'metadata', ok: false, detail: 'no IdP metadata is stored' });
    return { ok: false, steps };
  }
  steps.push({ step: 'metadata', ok: true, detail: idp.entityId });
  for (const body of idp.certificates) {
    try {
      const cert = new X509Certificate(Buffer.from(body, 'base64'));
      const from = new Date(cert.validFrom);
      const to = new Date(cert.validTo);
      const current = from.getTime() <= now.getTime() && now.getTime() < to.getTime();
      steps.push({
        step: 'certificate',
        ok: current,
        detail: `${cert.subject.replace(/\n/g, ', ')}; ${current ? 'valid until' : now < from ? 'not valid before' : 'expired on'} ${(now < from ? from : to).toISOString()}`,
      });
    } catch {
      steps.push({ step: 'certificate', ok: false, detail: 'the certificate could not be read' });
    }
  }
  steps.push({ step: 'ssoUrl', ok: isWebUrl(idp.ssoUrl), detail: idp.ssoUrl });
  return { ok: steps.every((s) => s.ok), steps };
}
