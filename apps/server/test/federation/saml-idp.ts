import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import * as samlifyNamespace from 'samlify';
import { generate } from 'selfsigned';

// Under an ES module loader (Playwright's) samlify's CommonJS exports sit on `default`, SamlLib
// among them; under vitest they are the namespace itself.
const samlify = ((samlifyNamespace as unknown as { default?: typeof samlifyNamespace }).default ??
  samlifyNamespace) as typeof samlifyNamespace;

/**
 * A SAML 2.0 identity provider for the tests, built with samlify: it reads our AuthnRequests
 * (HTTP-Redirect) and signs real responses with a self-signed key. Beside the honest answer it
 * crafts the forged and broken ones the service provider must refuse (see `ResponseOptions`,
 * `xsw`, `injectComment`). It also listens over HTTP, for the browser tests: its SSO endpoint
 * answers an AuthnRequest with a form that posts the response back to the consumer at once,
 * for the account its `user` query parameter names.
 */

// samlify refuses to parse a message until a schema validator is set. This is the test IdP:
// it reads only what our own SP sent it, and what is under test is the SP's checking of the
// IdP's responses, so its validator accepts everything.
samlify.setSchemaValidator({ validate: async () => 'accepted by the test IdP' });

const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const NAMEID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
export const PASSWORD_CONTEXT = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

/** An account at the IdP: its NameID and attributes (a list is a multi-valued attribute). */
export type SamlTestUser = {
  nameId: string;
  attributes?: Record<string, string | string[]>;
  /** FriendlyName of an attribute, by its Name. */
  friendlyNames?: Record<string, string>;
  authnContext?: string;
};

/** An AuthnRequest as the IdP read it. */
export type SamlRequest = {
  requestId: string;
  relayState: string;
  acsUrl: string;
  spEntityId: string;
  /** samlify's reading of it, which its createLoginResponse takes. */
  info: unknown;
};

export type ResponseOptions = {
  /** What carries the signature; `none` strips every signature. Default: the assertion. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with a key the SP does not know, under the same entity id. */
  otherKey?: boolean;
  audience?: string;
  destination?: string;
  recipient?: string;
  /** The request answered; null leaves InResponseTo out (an unsolicited response). */
  inResponseTo?: string | null;
  issuer?: string;
  /** The assertion's own Issuer, where it differs from the response's. */
  assertionIssuer?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  statusCode?: string;
  assertionId?: string;
};

export type SamlIdp = {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  /** PEM of the signing certificate. */
  certificate: string;
  /** Reads the AuthnRequest of the URL our SP redirected the browser to. */
  readRequest(redirectUrl: string): Promise<SamlRequest>;
  /** A SAMLResponse (base64) for the request, signed as `options` say. */
  respond(request: SamlRequest, user: SamlTestUser, options?: ResponseOptions): Promise<string>;
  users: Record<string, SamlTestUser>;
  /** The account the SSO endpoint answers for when its URL names none (`?user=`); the first one otherwise. */
  signInAs(name: string): void;
  close(): Promise<void>;
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function attributeStatement(user: SamlTestUser): string {
  const entries = Object.entries(user.attributes ?? {});
  if (entries.length === 0) return '';
  const attributes = entries
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
        .join('');
      const friendly = user.friendlyNames?.[name];
      return `<saml:Attribute Name="${escapeXml(name)}"${friendly ? ` FriendlyName="${escapeXml(friendly)}"` : ''} NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute>`;
    })
    .join('');
  return `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`;
}

function authnStatement(user: SamlTestUser, now: string): string {
  return `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>${escapeXml(user.authnContext ?? PASSWORD_CONTEXT)}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
}

export const decode = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');
export const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

function parse(xml: string): Document {
  return new DOMParser().parseFromString(xml, 'text/xml');
}
const serialize = (doc: Document) => new XMLSerializer().serializeToString(doc);

function elementsOf(root: Document | Element, ns: string, name: string): Element[] {
  return Array.from(root.getElementsByTagNameNS(ns, name));
}

/** Changes a parsed SAMLResponse and encodes it again. */
export function tamper(base64: string, change: (doc: Document) => void): string {
  const doc = parse(decode(base64));
  change(doc);
  return encode(serialize(doc));
}

/** Removes every XML signature from a response. */
export function stripSignatures(base64: string): string {
  return tamper(base64, (doc) => {
    for (const signature of elementsOf(doc, DS, 'Signature')) signature.parentNode?.removeChild(signature);
  });
}

/**
 * The comment trick: `admin@example.com<!---->.evil.com`. Exclusive C14N leaves comments out,
 * so the signature still verifies; an SP that reads the first text node reads `admin@example.com`.
 */
export function injectComment(base64: string, nameId: string, splitAt: number): string {
  const xml = decode(base64);
  const forged = xml.replace(`>${nameId}<`, `>${nameId.slice(0, splitAt)}<!---->${nameId.slice(splitAt)}<`);
  if (forged === xml) throw new Error('the NameID was not found');
  return encode(forged);
}

function directChild(parent: Element, ns: string, name: string): Element {
  for (let node = parent.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 1 && (node as Element).namespaceURI === ns && (node as Element).localName === name)
      return node as Element;
  throw new Error(`no ${name} under ${parent.localName}`);
}

/** Makes an assertion say it is about `nameId`, under a new ID (the evil copy). */
function makeEvil(assertion: Element, nameId: string) {
  assertion.setAttribute('ID', `_evil${randomUUID().replace(/-/g, '')}`);
  const nameIdElement = elementsOf(assertion, SAML, 'NameID')[0]!;
  while (nameIdElement.firstChild) nameIdElement.removeChild(nameIdElement.firstChild);
  nameIdElement.appendChild(assertion.ownerDocument.createTextNode(nameId));
}

function withoutSignature(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  for (let node = copy.firstChild; node; node = node.nextSibling)
    if (
      node.nodeType === 1 &&
      (node as Element).namespaceURI === DS &&
      (node as Element).localName === 'Signature'
    ) {
      copy.removeChild(node);
      break;
    }
  return copy;
}

/**
 * The XML signature wrapping attacks of "On Breaking SAML: Be Whoever You Want to Be"
 * (Somorovsky et al., 2012), as SAML Raider names them. XSW1 and XSW2 take a response whose
 * Response element is signed; XSW3 to XSW8 one whose assertion is signed. Each leaves the
 * original signed element in the document, where the signature's reference still finds it,
 * and puts an evil assertion about `evilNameId` where a careless SP reads.
 */
export function xsw(variant: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, base64: string, evilNameId: string): string {
  return tamper(base64, (doc) => {
    const response = doc.documentElement;
    if (variant === 1 || variant === 2) {
      // The evil response is the root, with the original signature; the original response,
      // unsigned, sits inside that signature (1) or beside it (2).
      const original = withoutSignature(response);
      const signature = directChild(response, DS, 'Signature');
      response.setAttribute('ID', `_evil${randomUUID().replace(/-/g, '')}`);
      makeEvil(directChild(response, SAML, 'Assertion'), evilNameId);
      if (variant === 1) signature.appendChild(original);
      else response.insertBefore(original, signature);
      return;
    }
    const signed = directChild(response, SAML, 'Assertion');
    const signature = directChild(signed, DS, 'Signature');
    switch (variant) {
      case 3: {
        // An evil assertion before the signed one.
        const evil = withoutSignature(signed);
        makeEvil(evil, evilNameId);
        response.insertBefore(evil, signed);
        return;
      }
      case 4: {
        // An evil assertion in the signed one's place, the signed one inside it.
        const evil = withoutSignature(signed);
        makeEvil(evil, evilNameId);
        response.replaceChild(evil, signed);
        evil.appendChild(signed);
        return;
      }
      case 5: {
        // The signed assertion changed (its signature kept), an unsigned copy of the original
        // appended at the end of the response for the reference to find.
        const copy = withoutSignature(signed);
        makeEvil(signed, evilNameId);
        response.appendChild(copy);
        return;
      }
      case 6: {
        // The signed assertion changed, the unsigned original inside its signature.
        const copy = withoutSignature(signed);
        makeEvil(signed, evilNameId);
        signature.appendChild(copy);
        return;
      }
      case 7: {
        // An evil assertion whose Extensions hold the original signed assertion.
        const evil = withoutSignature(signed);
        makeEvil(evil, evilNameId);
        const extensions = doc.createElementNS(SAMLP, 'samlp:Extensions');
        extensions.appendChild(signed.cloneNode(true));
        evil.insertBefore(extensions, evil.firstChild);
        response.replaceChild(evil, signed);
        return;
      }
      case 8: {
        // The signed assertion changed, a ds:Object in its signature holding the unsigned original.
        const copy = withoutSignature(signed);
        makeEvil(signed, evilNameId);
        const object = doc.createElementNS(DS, 'ds:Object');
        object.appendChild(copy);
        signature.appendChild(object);
        return;
      }
    }
  });
}

type Keys = { privateKey: string; cert: string };

async function keys(commonName: string): Promise<Keys> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * 24 * 3600_000),
  });
  return { privateKey: pems.private, cert: pems.cert };
}

function identityProvider(entityId: string, ssoUrl: string, key: Keys) {
  return samlify.IdentityProvider({
    entityID: entityId,
    privateKey: key.privateKey,
    signingCert: key.cert,
    nameIDFormat: [NAMEID_UNSPECIFIED],
    singleSignOnService: [
      { Binding: BINDING_REDIRECT, Location: ssoUrl },
      { Binding: BINDING_POST, Location: ssoUrl },
    ],
    // Never used; without one samlify warns on every construction.
    singleLogoutService: [{ Binding: BINDING_REDIRECT, Location: ssoUrl.replace(/\/sso$/, '/slo') }],
    generateID: () => `_${randomUUID().replace(/-/g, '')}`,
  });
}

/** Reads an AuthnRequest's XML from the HTTP-Redirect binding's query. */
function requestXml(samlRequest: string): Document {
  return parse(inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8'));
}

export async function startSamlIdp(
  options: { users?: Record<string, SamlTestUser>; entityId?: string } = {},
): Promise<SamlIdp> {
  const users = { ...(options.users ?? {}) };
  const [key, otherKey] = await Promise.all([keys('Gatehouse test IdP'), keys('Someone else')]);
  let respondTo: ((url: URL) => Promise<string>) | undefined;
  let signedInAs: string | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp.test');
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml);
      return;
    }
    if (url.pathname !== '/sso' || !respondTo) {
      res.writeHead(404).end();
      return;
    }
    respondTo(url).then(
      (html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
      (err: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const entityId = options.entityId ?? `${base}/metadata`;
  const ssoUrl = `${base}/sso`;
  const idp = identityProvider(entityId, ssoUrl, key);
  const impostor = identityProvider(entityId, ssoUrl, otherKey);
  const metadataXml = idp.getMetadata();

  async function readRequest(redirectUrl: string): Promise<SamlRequest> {
    const url = new URL(redirectUrl);
    const samlRequest = url.searchParams.get('SAMLRequest');
    if (!samlRequest) throw new Error('no SAMLRequest');
    const authnRequest = requestXml(samlRequest).documentElement;
    const spEntityId = elementsOf(authnRequest, SAML, 'Issuer')[0]?.textContent ?? '';
    const acsUrl = authnRequest.getAttribute('AssertionConsumerServiceURL') ?? '';
    const sp = samlify.ServiceProvider({
      entityID: spEntityId,
      assertionConsumerService: [{ Binding: BINDING_POST, Location: acsUrl }],
    });
    const query = Object.fromEntries(url.searchParams);
    const parsed = await idp.parseLoginRequest(sp, 'redirect', { query, octetString: url.search.slice(1) });
    return {
      requestId: authnRequest.getAttribute('ID') ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
      acsUrl,
      spEntityId,
      info: parsed,
    };
  }

  async function respond(
    request: SamlRequest,
    user: SamlTestUser,
    opts: ResponseOptions = {},
  ): Promise<string> {
    const sign = opts.sign ?? 'assertion';
    const sp = samlify.ServiceProvider({
      entityID: request.spEntityId,
      assertionConsumerService: [{ Binding: BINDING_POST, Location: request.acsUrl }],
      wantAssertionsSigned: sign === 'assertion' || sign === 'both' || sign === 'none',
      wantMessageSigned: sign === 'both',
    });
    const signer = opts.otherKey ? impostor : idp;
    const now = new Date();
    const instant = now.toISOString();
    const until = (opts.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const template = samlify.SamlLib.defaultLoginResponseTemplate.context
      .replace(
        '{AuthnStatement}{AttributeStatement}',
        authnStatement(user, instant) + attributeStatement(user),
      )
      // The assertion's Issuer (the second one) may differ from the response's.
      .replace(/(<saml:Assertion[^>]*><saml:Issuer>)\{Issuer\}/, '$1{AssertionIssuer}');
    const context = await signer.createLoginResponse(sp, request.info as never, 'post', user as never, {
      relayState: request.relayState,
      customTagReplacement: () => {
        const id = `_${randomUUID().replace(/-/g, '')}`;
        const values: Record<string, string | undefined> = {
          ID: id,
          AssertionID: opts.assertionId ?? `_${randomUUID().replace(/-/g, '')}`,
          Destination: opts.destination ?? request.acsUrl,
          Audience: opts.audience ?? request.spEntityId,
          SubjectRecipient: opts.recipient ?? request.acsUrl,
          Issuer: opts.issuer ?? entityId,
          AssertionIssuer: opts.assertionIssuer ?? opts.issuer ?? entityId,
          IssueInstant: instant,
          StatusCode: opts.statusCode ?? 'urn:oasis:names:tc:SAML:2.0:status:Success',
          ConditionsNotBefore: (opts.notBefore ?? now).toISOString(),
          ConditionsNotOnOrAfter: until,
          SubjectConfirmationDataNotOnOrAfter: until,
          NameIDFormat: NAMEID_UNSPECIFIED,
          NameID: user.nameId,
          InResponseTo: opts.inResponseTo === null ? undefined : (opts.inResponseTo ?? request.requestId),
        };
        return { id, context: samlify.SamlLib.replaceTagsByValue(template, values) };
      },
    });
    const base64 = (context as { context: string }).context;
    return sign === 'none' ? stripSignatures(base64) : base64;
  }

  /** The SSO endpoint: answers the request with a self-posting form, for the `user` the query names. */
  respondTo = async (url: URL) => {
    const name = url.searchParams.get('user') ?? signedInAs ?? Object.keys(users)[0];
    const user = name ? users[name] : undefined;
    if (!user) throw new Error(`no test account ${name}`);
    const request = await readRequest(url.toString());
    const samlResponse = await respond(request, user);
    return `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}"><noscript><button>Continue</button></noscript></form></body></html>`;
  };

  return {
    entityId,
    ssoUrl,
    metadataXml,
    certificate: key.cert,
    readRequest,
    respond,
    users,
    signInAs: (name) => {
      if (!users[name]) throw new Error(`no test account ${name}`);
      signedInAs = name;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
