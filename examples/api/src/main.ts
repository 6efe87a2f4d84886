import { createVerifier } from '@gatehouse/node';
import { buildApi } from './app.ts';

/**
 * GATEHOUSE_ISSUER (e.g. http://127.0.0.1:8080/oidc) and GATEHOUSE_AUDIENCE (the application's
 * resource indicator, urn:gatehouse:application:<applicationId>); CORS_ORIGINS, the origins of
 * the browser apps that call it, separated by commas (e.g. http://localhost:5173); PORT, 3001
 * unless given (0 for any free port).
 */
const issuer = process.env.GATEHOUSE_ISSUER;
const audience = process.env.GATEHOUSE_AUDIENCE;
if (!issuer || !audience) {
  console.error('Set GATEHOUSE_ISSUER and GATEHOUSE_AUDIENCE');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3001);
const corsOrigins = (process.env.CORS_ORIGINS ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
const app = buildApi(createVerifier({ issuer, audience }), { corsOrigins });
const address = await app.listen({ port, host: '127.0.0.1' });
// The line a script starting it waits for: the address, with the port when it was chosen.
console.log(`Orders API on ${address}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
