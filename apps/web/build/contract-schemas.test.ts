import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as contract from '@gatehouse/contract';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_SOURCE, splitContractSchemas } from './contract-schemas.ts';

// Paths from import.meta.dirname: jsdom's URL resolves `..` against a file URL to `/`.
const web = join(import.meta.dirname, '..');
const contractIndex = join(import.meta.dirname, '../../../packages/contract/src/index.ts');
// Under node_modules, so the bundles find zod, which they import rather than carry.
mkdirSync(join(web, 'node_modules'), { recursive: true });
const out = mkdtempSync(join(web, 'node_modules/.contract-split-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles `entry` as the console's build treats the contract; returns the code and the module. */
async function bundle(name: string, entry: string) {
  const result = (await build({
    configFile: false,
    root: web,
    logLevel: 'silent',
    plugins: [
      splitContractSchemas(),
      {
        name: 'entry',
        resolveId: (id) => (id === 'virtual:entry' ? '\0entry' : null),
        load: (id) => (id === '\0entry' ? entry : null),
      },
    ],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input: 'virtual:entry',
        preserveEntrySignatures: 'strict',
        external: ['zod'],
        treeshake: { moduleSideEffects: [{ test: CONTRACT_SOURCE, sideEffects: false }] },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunk = (Array.isArray(result) ? result[0]! : result).output[0];
  const file = join(out, `${name}.mjs`);
  writeFileSync(file, chunk.code);
  return { code: chunk.code, module: (await import(pathToFileURL(file).href)) as Record<string, unknown> };
}

/** A schema by what it accepts, a function by its name, anything else as it is. */
function comparable(value: unknown): unknown {
  if (value && typeof value === 'object' && '_zod' in value) {
    const schema = value as contract.z.ZodType;
    try {
      return contract.z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' });
    } catch {
      return `zod ${schema.def.type}`;
    }
  }
  if (typeof value === 'function') return `function ${value.name}`;
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, comparable(v)]));
  return value;
}

describe('the contract cut in two at build time', () => {
  it('exports every name, with the same values and schemas, as the source', async () => {
    const { module } = await bundle('whole', `export * from ${JSON.stringify(contractIndex)};`);
    expect(Object.keys(module).sort()).toEqual(Object.keys(contract).sort());
    for (const [name, value] of Object.entries(contract))
      expect(comparable(module[name]), name).toEqual(comparable(value));
  }, 60_000);

  it('gives constants and messages without zod', async () => {
    const { code, module } = await bundle(
      'constants',
      `export { MESSAGES, PASSWORD_POLICY, PASSWORD_MESSAGES, PRODUCT_NAME } from ${JSON.stringify(contractIndex)};`,
    );
    expect(code).not.toMatch(/from\s*["']zod["']/);
    expect(module.PASSWORD_POLICY).toEqual(contract.PASSWORD_POLICY);
    expect(comparable(module.PASSWORD_MESSAGES)).toEqual(comparable(contract.PASSWORD_MESSAGES));
    // The messages that name the policy's settings are made with them.
    expect(module.PASSWORD_MESSAGES.tooShort(16)).toEqual(contract.PASSWORD_MESSAGES.tooShort(16));
    expect(module.PASSWORD_MESSAGES.reused(3)).toEqual(contract.PASSWORD_MESSAGES.reused(3));
  }, 60_000);
});
