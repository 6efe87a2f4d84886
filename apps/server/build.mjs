#!/usr/bin/env node
// `npm run build -w apps/server`: the server as ES modules that plain node runs, with no build
// tool, tsx or TypeScript at run time:
// - dist/main.js, the server, which `npm start` runs;
// - dist/gatehouse.js, the operator's commands (`npm run gatehouse -- …`, audit:verify,
//   keys:rotate);
// - dist/hash-worker.mjs, the password hashing thread;
// - dist/meta.json, esbuild's metafile: what each imports, which the tests check against the
//   dependencies of package.json, so `npm ci --omit=dev` installs everything they need.
// Compiling ahead saves the start-up from transforming every source file through tsx, and one
// file saves resolving and reading some two hundred modules. Development and the tests keep
// running the TypeScript sources through tsx.
//
// Packages from node_modules stay imports, resolved at run time as they are for the sources.
// The one exception is @gatehouse/contract: the workspace ships TypeScript, which plain node
// cannot load, so its source is bundled in.
//
// The build records the release (package.json) and the commit (`git rev-parse HEAD`, or
// GATEHOUSE_COMMIT where there is no git checkout) for GET /api/version (src/lib/build-info.ts).
//
// Beside them goes dist/pglite-template.tar: an embedded database already through initdb and
// the migrations, which the first start on an empty data directory loads instead of running
// initdb, the slow part of a new installation (src/main.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const root = join(here, '../..');
const src = join(here, 'src');
/** Where `npm start` finds the server. */
export const OUT_DIR = join(here, 'dist');
/** The entry points, by the name of their output file. */
export const ENTRY_POINTS = { main: join(src, 'main.ts'), gatehouse: join(src, 'cli/gatehouse.ts') };
/** esbuild's metafile of the last build, in the output folder. */
export const METAFILE = 'meta.json';

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
 * Worker threads a source module starts from a file beside itself: each is built beside the
 * bundles too (dist/<name>.mjs), and the module that starts it keeps the bundle's own
 * `import.meta.url` to find it there.
 */
export const WORKERS = { 'hash-worker': join(src, 'modules/passwords/hash-worker.mjs') };
const STARTS_A_WORKER = new Set([join(src, 'modules/passwords/hashing.ts')]);

/**
 * A source module finds its neighbours through `import.meta.url` (the migrations folder, the
 * console's dist). In the bundle that would be dist/main.js, so each such module gets the
 * URL its source file has, written relative to the bundle so the tree can still move.
 */
const sourceModuleUrls = (outdir) => ({
  name: 'gatehouse:source-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (STARTS_A_WORKER.has(args.path)) return undefined;
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: code.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
});

/** The commit this tree is at: GATEHOUSE_COMMIT, else git's HEAD, else null (no checkout). */
export function buildCommit() {
  const given = process.env.GATEHOUSE_COMMIT?.trim();
  if (given) {
    if (!/^[0-9a-f]{7,64}$/i.test(given))
      throw new Error('GATEHOUSE_COMMIT must be a commit id: 7 to 64 hexadecimal digits');
    return given.toLowerCase();
  }
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** `outdir` must lie inside the repository, where node finds the packages the bundles import. */
export async function buildServer(outdir = OUT_DIR) {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  const options = {
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Error and class names show in logs and answers; bundling must not rename them.
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages, sourceModuleUrls(outdir)],
  };
  const [bundles, workers] = await Promise.all([
    build({
      ...options,
      entryPoints: ENTRY_POINTS,
      define: { __GATEHOUSE_BUILD__: JSON.stringify({ version, commit: buildCommit() }) },
    }),
    // The workers keep the name their starter asks for.
    build({ ...options, entryPoints: WORKERS, outExtension: { '.js': '.mjs' } }),
  ]);
  const metafile = {
    inputs: { ...bundles.metafile.inputs, ...workers.metafile.inputs },
    outputs: { ...bundles.metafile.outputs, ...workers.metafile.outputs },
  };
  await writeFile(join(outdir, METAFILE), JSON.stringify(metafile));
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

// `node build.mjs [outdir]`
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  if (process.argv[2]?.endsWith('.js')) throw new Error('node build.mjs takes an output folder, not a file');
  await buildServer(process.argv[2] ? resolve(process.argv[2]) : OUT_DIR);
  if (!process.argv[2]) await buildPgliteTemplate();
}
