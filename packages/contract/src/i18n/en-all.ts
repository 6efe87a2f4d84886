import { EN_SIGN_IN } from './en.ts';
import { EN_AUDIT } from './en-audit.ts';
import { EN_CONSOLE } from './en-console.ts';
import { EN_FEDERATION } from './en-federation.ts';
import { EN_IDENTITY } from './en-identity.ts';
import { EN_MACHINE_ACCESS } from './en-machine-access.ts';
import { EN_SERVER } from './en-server.ts';
import { EN_TRANSFER } from './en-transfer.ts';
import { EN_WEBHOOKS } from './en-webhooks.ts';
import type { Catalogue } from './index.ts';

/**
 * The parts of the English catalogue beyond the way in's, each added where it is first needed:
 * the console's with its layout, an area's with its screens, the server's by the server.
 */
export const EN_PARTS = {
  EN_CONSOLE,
  EN_IDENTITY,
  EN_AUDIT,
  EN_FEDERATION,
  EN_WEBHOOKS,
  EN_TRANSFER,
  EN_MACHINE_ACCESS,
  EN_SERVER,
} as const;

/** The whole English catalogue, for the server and the tests, which speak every message. */
export const EN: Catalogue = Object.assign({}, EN_SIGN_IN, ...Object.values(EN_PARTS));
