import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../lib/errors.ts';
import { sendError } from './errors.ts';

export type SpaOptions = { webDir: string | undefined };

const NO_CACHE = 'no-cache';
/** Vite puts content-hashed files under /assets, so a given URL never changes content. */
const ASSETS_CACHE = 'public, max-age=31536000, immutable';

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/') || request.url === '/api') return false;
  const path = request.url.split('?')[0] ?? '';
  // A missing file (`/assets/x.js`) is a 404, not the app shell.
  if (/\.[A-Za-z0-9]+$/.test(path)) return false;
  // Browsers ask for text/html; curl and most tools send */* or nothing and should see the
  // page too. Only a client that asks for something else (JSON) gets the JSON 404.
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built console when `webDir` holds one, with history routing: a console path
 * such as /app-config/client answers with index.html. Everything else not found is a JSON 404.
 */
async function spa(app: FastifyInstance, opts: SpaOptions) {
  const webDir = opts.webDir;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: resolve(webDir),
      prefix: '/',
      // The build writes x.br and x.gz beside each text file (apps/web/vite.config.ts): the
      // browser gets the smallest it accepts, sent as is, with no compression per request.
      preCompressed: true,
      // dist/.vite holds what the build tells the size budget (scripts/bundle-budget.mjs).
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? ASSETS_CACHE : NO_CACHE);
        // The answer depends on Accept-Encoding, so a shared cache must key on it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (webDir && wantsHtml(request)) {
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return sendError(reply, request, 404, errorBody(ERROR_CODES.NOT_FOUND, HTTP_STATUS_MESSAGES[404]!));
  });
}

export default fp(spa, { name: 'spa' });
