import { lookup } from 'node:dns/promises';
import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@gatehouse/contract';
import ipaddr from 'ipaddr.js';
import { validationFailed } from '../../lib/errors.ts';

/**
 * Outbound requests to webhook targets (and the SAML metadata URLs of identity providers), guarded against server-side request forgery: a
 * target on a private, loopback, link-local or otherwise non-public address is refused
 * unless `allowPrivate` (GATEHOUSE_WEBHOOK_ALLOW_PRIVATE), plain http unless `allowHttp`
 * (GATEHOUSE_WEBHOOK_ALLOW_HTTP). The address is checked when a webhook is saved (a clear
 * 400 for the form) and again at connect time by request-filtering-agent's agent, which
 * checks the address each connection resolves to, so a name that resolves differently later
 * (DNS rebinding) is refused too. Redirects are not followed (a 3xx is a failed attempt),
 * an attempt has a deadline for everything, and at most `maxBytes` of an answer are read.
 */
export type OutboundPolicy = { allowHttp: boolean; allowPrivate: boolean };

/** How long the check at save waits for a name to resolve; a name that does not is accepted (delivery will tell). */
const LOOKUP_TIMEOUT_MS = 3_000;

/** Public unicast only: ipaddr.js names every special range (private, loopback, linkLocal, uniqueLocal, ipv4Mapped …). */
function isPublic(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

/** The host of a URL without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * A target the server may send to under `policy`, else a 400 on `field` (`url` unless given):
 * https (or http where allowed), and not a literal non-public address nor a name that
 * resolves only to such.
 */
export async function assertAllowedTarget(
  value: string,
  policy: OutboundPolicy,
  field = 'url',
): Promise<void> {
  const url = new URL(value);
  if (url.protocol === 'http:' && !policy.allowHttp)
    throw validationFailed({ [field]: WEBHOOK_MESSAGES.httpsOnly });
  if (policy.allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPublic(host)) throw validationFailed({ [field]: WEBHOOK_MESSAGES.privateTarget });
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (addresses.length > 0 && addresses.every((a) => !isPublic(a.address)))
    throw validationFailed({ [field]: WEBHOOK_MESSAGES.privateTarget });
}

export type Attempt = {
  /** The answer's status; null when none came (refused, timeout, network). */
  status: number | null;
  durationMs: number;
  /** What was read of the answer's body, at most `maxBytes`, as text. */
  body: string | null;
  /** Why no answer came, or why the answer was cut: `timeout`, `private address` … */
  error: string | null;
};

export type SendOptions = OutboundPolicy & { timeoutMs: number; maxBytes: number };

type Agents = { http: Agent; https: Agent };
const agentsByPolicy = new Map<boolean, Promise<Agents>>();

/**
 * The filtering agents, loaded with the first delivery (most servers send none for a while),
 * kept per setting with keep-alive: a receiver that takes many deliveries gets them over a
 * few connections.
 */
function agents(allowPrivate: boolean): Promise<Agents> {
  let found = agentsByPolicy.get(allowPrivate);
  if (!found) {
    found = import('request-filtering-agent').then(
      ({ RequestFilteringHttpAgent, RequestFilteringHttpsAgent }) => {
        const options = { keepAlive: true, maxSockets: 64, allowPrivateIPAddress: allowPrivate };
        return {
          http: new RequestFilteringHttpAgent(options),
          https: new RequestFilteringHttpsAgent(options),
        };
      },
    );
    agentsByPolicy.set(allowPrivate, found);
  }
  return found;
}

/** The agent's refusal of an address reads "… is not allowed. Because, It is private IP address." */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/is not allowed/.test(message)) return 'private address';
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : message.slice(0, 200);
}

/** POSTs `body` to `target` once, under `options`; never throws. */
export function send(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Attempt> {
  return attempt('POST', target, body, headers, options);
}

/**
 * GETs `target` once, under `options` (the same guard, deadline and size cap): a document
 * the server reads from a URL an administrator gave, such as a SAML IdP's metadata. Never throws.
 */
export function fetchOnce(
  target: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Attempt> {
  return attempt('GET', target, null, headers, options);
}

async function attempt(
  method: 'GET' | 'POST',
  target: string,
  body: string | null,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  if (url.protocol === 'http:' && !options.allowHttp)
    return { status: null, durationMs: 0, body: null, error: 'http not allowed' };
  const { http, https } = await agents(options.allowPrivate);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let read = 0;
    let finished = false;
    const finish = (error: string | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      const text = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : status === null ? null : '';
      resolve({ status, durationMs: elapsed(), body: text, error });
    };
    const req = request(url, {
      method,
      agent: url.protocol === 'https:' ? https : http,
      headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    // One deadline for connecting, sending and reading the answer.
    const deadline = setTimeout(() => {
      req.destroy();
      finish('timeout');
    }, options.timeoutMs);
    req.on('error', (err) => finish(reasonOf(err)));
    req.on('response', (res: IncomingMessage) => {
      status = res.statusCode ?? null;
      res.on('data', (chunk: Buffer) => {
        if (finished) return;
        const room = options.maxBytes - read;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          read += room;
          // The rest is not read: the connection is dropped.
          res.destroy();
          req.destroy();
          finish(null);
          return;
        }
        chunks.push(chunk);
        read += chunk.length;
      });
      res.on('end', () => finish(null));
      res.on('error', (err) => finish(reasonOf(err)));
    });
    if (body === null) req.end();
    else req.end(body);
  });
}
