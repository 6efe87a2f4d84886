import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ERROR_CODES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.ts';

// A console build as apps/web's vite.config.ts leaves it: text files with .br and .gz beside them.
const INDEX = `<!doctype html><title>Gatehouse console</title>${' '.repeat(2000)}`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const SMALL = 'export{};\n';

let t: TestContext;
let webDir: string;

function withCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'gatehouse-spa-'));
  mkdirSync(join(webDir, 'assets'));
  mkdirSync(join(webDir, '.vite'));
  withCopies(join(webDir, 'index.html'), INDEX);
  withCopies(join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(webDir, 'assets', 'small-def456.js'), SMALL);
  writeFileSync(join(webDir, '.vite', 'bundle-graph.json'), '{}');
  t = await build({ config: { webDir } });
});
afterAll(async () => {
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the console, sent compressed', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(br.headers['content-length'])).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('says the answer varies by Accept-Encoding, and keeps the hashed-asset cache', async () => {
    for (const acceptEncoding of ['br', undefined]) {
      const res = await get('/assets/index-abc123.js', acceptEncoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends index.html compressed and uncached, for console paths as for /', async () => {
    for (const url of ['/', '/login', '/app-config/client?appId=platform']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it('sends a file with no compressed copy as it is, even to a browser that accepts brotli', async () => {
    const res = await get('/assets/small-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
  });

  it('does not serve what the build writes for the size budget', async () => {
    const res = await get('/.vite/bundle-graph.json', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.NOT_FOUND);
  });
});
