/**
 * JWT access token verifications per second (`BENCH_ONLY=jwt npm run bench`): @gatehouse/node's
 * verifier, for a token it has not seen (the signature checked) and for one it has (the cache),
 * against the bare `fast-jwt` verifier it uses (on `node:crypto`) with the same checks, the bare
 * `jose.jwtVerify` (on WebCrypto) with the same checks, and `node:crypto`'s RSA signature
 * verification alone, on one core: one verification
 * in flight at a time, with the JWKS already fetched (the first call fetches it from a local
 * server, as an API would from Gatehouse's `/oidc/jwks`). The token is shaped as Gatehouse signs
 * one for an application's API: RS256 with a 2048-bit key (modules/oidc/keys.ts), `typ`
 * at+jwt, RFC 9068's claims, and a user's permissions and element codes.
 * JWT_BENCH_SECONDS (5 by default) is each of the three runs per verifier; the median is reported.
 */
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createVerifier } from '@gatehouse/node';
import { createVerifier as createFastJwtVerifier } from 'fast-jwt';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { int, median, type Report } from './report.ts';

const SECONDS = Number(process.env.JWT_BENCH_SECONDS ?? 5);
const AUDIENCE = 'urn:gatehouse:application:shop';

/** Verifications per second of `verify` over SECONDS, one at a time, and the CPU it used per second. */
async function rate(verify: () => Promise<unknown>): Promise<{ perSecond: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let count = 0;
  while (performance.now() < until) {
    for (let i = 0; i < 100; i++) await verify();
    count += 100;
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { perSecond: count / elapsed, cpu: (cpu.user + cpu.system) / 1e6 / elapsed };
}

export async function benchJwt(report: Report): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
  try {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      client_id: 'gh_3f9a1c2b7d',
      scope: 'gatehouse',
      permissions: [
        { permissionId: 'orders', actions: ['retrieve', 'update'] },
        { permissionId: 'invoices', actions: ['retrieve'] },
      ],
      elements: ['order:refund', 'order:export'],
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'bench' })
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setSubject('0b8c5f8e-6f1d-4d7e-9a55-2c3e4f5a6b7c')
      .setJti('Vd3kQ0p9z1Lr8xWmN2bY4')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);

    const sdk = createVerifier({ issuer, audience: AUDIENCE });
    const uncached = createVerifier({ issuer, audience: AUDIENCE, cacheSize: 0 });
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const options = {
      issuer,
      audience: AUDIENCE,
      typ: 'at+jwt',
      algorithms: ['RS256'],
      clockTolerance: 5,
      requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
    };
    const pem = createPublicKey({ key: jwk, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const fastJwt = createFastJwtVerifier({
      key: pem,
      algorithms: ['RS256'],
      allowedIss: issuer,
      allowedAud: AUDIENCE,
      clockTolerance: 5000,
      requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
      checkTyp: 'at+jwt',
      complete: true,
      cache: false,
    });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const signed = Buffer.from(`${header}.${payload}`);
    const signatureBytes = Buffer.from(signature, 'base64url');
    const publicKey = createPublicKey(pem);
    const verifiers = {
      '@gatehouse/node, every token new (`cacheSize: 0`: the signature checked each time)': () =>
        uncached(token),
      '@gatehouse/node, a token seen before (the default cache: its times checked again)': () => sdk(token),
      'bare `fast-jwt` on `node:crypto`, same checks (the floor of the first)': async () => fastJwt(token),
      'bare `jose.jwtVerify` on WebCrypto, same checks': () => jwtVerify(token, jwks, options),
      '`node:crypto` RSA-SHA256 signature check alone': async () =>
        verifySignature('RSA-SHA256', signed, publicKey, signatureBytes),
    };
    // The JWKS is fetched once, and the code warmed, before any run is timed.
    for (const verify of Object.values(verifiers)) for (let i = 0; i < 500; i++) await verify();

    const runs = Object.fromEntries(
      Object.keys(verifiers).map((name) => [name, [] as { perSecond: number; cpu: number }[]]),
    );
    for (let run = 0; run < 3; run++)
      for (const [name, verify] of Object.entries(verifiers)) runs[name]!.push(await rate(verify));

    report.heading('JWT access token verifications (@gatehouse/node)');
    report.line(
      `One verification in flight at a time (one core), the JWKS already fetched; RS256, 2048-bit key; ` +
        `median of 3 runs of ${SECONDS} s. CPU is the process's user + system time per second of the run; ` +
        'per CPU second is what a core of its own would do on a busy machine.',
    );
    report.table(
      ['verifier', 'verifications/s', 'CPU (cores)', 'per CPU second'],
      Object.entries(runs).map(([name, results]) => {
        const perSecond = median(results.map((r) => r.perSecond));
        const cpu = median(results.map((r) => r.cpu));
        return [name, int(perSecond), cpu.toFixed(2), int(perSecond / cpu)];
      }),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
