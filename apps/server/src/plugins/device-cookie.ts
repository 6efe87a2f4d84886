import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../lib/server-key.ts';

/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a
 * browser that signed in to an account carries a cookie naming that account and a random
 * nonce, signed with a key derived from the server key. Sign-in attempts at that account
 * from that browser skip the account-wide backoff and count against the nonce instead, so
 * guessing from elsewhere never keeps the owner out.
 */
export const DEVICE_COOKIE = 'gatehouse_device';
/** Sent only to the sign-in, unlock and password-change calls. */
export const DEVICE_COOKIE_PATH = '/api/oauth2-server';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

export type DeviceCookie = { account: string; nonce: string };

/** The request's device cookie when its signature holds; any other cookie counts as none. */
export function deviceOf(request: FastifyRequest): DeviceCookie | undefined {
  const raw = request.cookies?.[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const colon = unsigned.value.indexOf(':');
  if (colon <= 0) return undefined;
  return { nonce: unsigned.value.slice(0, colon), account: unsigned.value.slice(colon + 1) };
}

/**
 * Gives the browser a fresh device cookie for the account it just signed in to: httpOnly,
 * SameSite=Strict, Secure when the request came over TLS (a trusted proxy's
 * X-Forwarded-Proto counts).
 */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, username: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${nonce}:${username.toLowerCase()}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

async function deviceCookie(app: FastifyInstance, opts: { serverKey: Buffer }) {
  await app.register(cookie, { secret: deriveKey(opts.serverKey, 'device-cookie') });
}

export default fp(deviceCookie, { name: 'device-cookie' });
