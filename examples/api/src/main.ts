import { createVerifier } from '@gatehouse/node';
import { buildApi } from './app.ts';

/**
 * GATEHOUSE_ISSUER (e.g. http://127.0.0.1:8080/oidc) and GATEHOUSE_AUDIENCE (the application's
 * resource indicator, urn:gatehouse:application:<applicationId>); PORT, 3001 unless given.
 */
const issuer = process.env.GATEHOUSE_ISSUER;
const audience = process.env.GATEHOUSE_AUDIENCE;
if (!issuer || !audience) {
  console.error('Set GATEHOUSE_ISSUER and GATEHOUSE_AUDIENCE');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3001);
const app = buildApi(createVerifier({ issuer, audience }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`Orders API on http://127.0.0.1:${port}`);
