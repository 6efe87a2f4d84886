#!/usr/bin/env node
// `npm run build -w apps/server`: the server as one ES module, dist/main.js, which `npm start`
// runs with plain node. Compiling ahead saves the start-up from transforming every source
// file through tsx, and one file saves resolving and reading some two hundred modules.
// Development and the tests keep running the TypeScript sources through tsx.
//
// Packages from node_modules stay imports, resolved at run time as they are for the sources.
// The one exception is @gatehouse/contract: the workspace ships TypeScript, which plain node
// cannot load, so its source is bundled in.
//
// Beside it goes dist/pglite-template.tar: an embedded database already through initdb and the
// migrations, which the first start on an empty data directory loads instead of running
// initdb, the slow part of a new installation (src/main.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const src = join(here, 'src');
/** What `npm start` runs. */
export const OUT_FILE = join(here, 'dist/main.js');

/** A package name, or a node: builtin; not a relative or absolute path. */
const BARE_SPECIFIER = /^[^./]/;
const CONTRACT = '@gatehouse/contract';

/** Every package import except the contract stays an import. */
const externalPackages = {
  name: 'gatehouse:external-packages',
  setup(b) {
    b.onResolve({ filter: BARE_SPECIFIER }, (args) =>
      args.path === CONTRACT || args.path.startsWith(`${CONTRACT}/`)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * A source module finds its neighbours through `import.meta.url` (the migrations folder, the
 * console's dist). In the bundle that would be dist/main.js, so each such module gets the
 * URL its source file has, written relative to the bundle so the tree can still move.
 */
const sourceModuleUrls = (outfile) => ({
  name: 'gatehouse:source-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: code.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/** `outfile` must lie inside the repository, where node finds the packages it imports. */
export async function buildServer(outfile = OUT_FILE) {
  await build({
    entryPoints: [join(src, 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Error and class names show in logs and answers; bundling must not rename them.
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, sourceModuleUrls(outfile)],
  });
}

/** Where src/main.ts finds the template of a new embedded database. */
export const PGLITE_TEMPLATE = join(here, 'dist/pglite-template.tar');

/** Writes the template: a new PGlite data directory, migrated, as a tarball. */
export async function buildPgliteTemplate(file = PGLITE_TEMPLATE) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: join(here, 'drizzle') });
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await client.close();
  }
}

// `node build.mjs [outfile]`
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  await buildServer(process.argv[2] ? resolve(process.argv[2]) : OUT_FILE);
  if (!process.argv[2]) await buildPgliteTemplate();
}
