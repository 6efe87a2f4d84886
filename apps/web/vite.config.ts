import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { ANTD_PURE_PACKAGES, formProviderAlone, noUniqueTooltips } from './build/antd-narrowing.ts';
import { chunkPlan, graphOf, planning } from './build/chunk-plan.ts';
import { CONTRACT_SOURCE, splitContractSchemas } from './build/contract-schemas.ts';

/**
 * The contract is declarations only: constants, messages and zod schemas. A bundler cannot
 * prove that a top-level `z.object(...)` call is free of side effects, so by default every
 * schema, and zod with it, would land in the console's first chunk even though the web
 * reads mostly constants. Marking each top-level initialiser pure lets unused schemas go.
 */
function pureContractDeclarations(): Plugin {
  return {
    name: 'gatehouse:pure-contract-declarations',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code) {
        const program = this.parse(code);
        const ranges: [number, number][] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations) {
            const init = declarator.init;
            if (init && (init.type === 'CallExpression' || init.type === 'MemberExpression')) {
              ranges.push([init.start, init.end]);
            }
          }
        }
        if (ranges.length === 0) return null;
        let out = code;
        for (const [start, end] of ranges.reverse()) {
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than the headers it needs. */
const COMPRESS_MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `x.br` and `x.gz` beside each text file of the build, at the highest levels, since
 * this runs once per build rather than per request. The server sends the copy the browser
 * accepts (spa.ts, `preCompressed`); a file with no smaller copy is sent as it is.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'gatehouse:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f) && !f.includes('/.vite/'));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/** Where the size budget (scripts/bundle-budget.mjs) reads the build; the server hides it. */
const BUNDLE_GRAPH_FILE = '.vite/bundle-graph.json';

/**
 * Writes which chunks each JavaScript file imports and which of the console's own sources
 * it holds, so the size budget can follow a route from its source to every file it loads.
 * Vite's manifest names only the entries, and a lazily imported module can share a chunk.
 */
function bundleGraph(): Plugin {
  let root = '';
  return {
    name: 'gatehouse:bundle-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      this.emitFile({
        type: 'asset',
        fileName: BUNDLE_GRAPH_FILE,
        source: JSON.stringify(graphOf(chunks, root), null, 1),
      });
    },
  };
}

const ANTD_STYLESHEET = 'antd.css';

/**
 * The console's antd styles as a stylesheet made at build time (build/antd-styles.ts), linked
 * from index.html, so the browser does not make them on each page load.
 */
function antdStylesheet(): Plugin {
  return {
    name: 'gatehouse:antd-stylesheet',
    apply: 'build',
    async buildStart() {
      const { antdStaticStyles } = await import('./build/antd-styles.ts');
      this.emitFile({ type: 'asset', name: ANTD_STYLESHEET, source: antdStaticStyles() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const sheet = Object.values(bundle ?? {}).find(
          (file) => file.type === 'asset' && file.names.includes(ANTD_STYLESHEET),
        );
        if (!sheet) throw new Error('the antd stylesheet was not emitted');
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${sheet.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

// The dev server forwards API and SAML calls to the Fastify server, so the console runs
// on one origin in development just as it does when the server serves the built files.
const apiTarget = process.env.GATEHOUSE_API_ORIGIN ?? 'http://127.0.0.1:8080';

/** The framework: every page needs it, and it changes less often than the console. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// The chunk plan's first build reads only how the bundler cuts the scripts: it needs neither
// the stylesheet nor the files written beside the scripts.
const plan = planning() ? undefined : chunkPlan(fileURLToPath(import.meta.url), (id) => FRAMEWORK.test(id));

export default defineConfig({
  plugins: [
    react(),
    formProviderAlone(),
    noUniqueTooltips(),
    splitContractSchemas(),
    pureContractDeclarations(),
    ...(plan ? [plan.plugin, antdStylesheet(), precompress(), bundleGraph()] : []),
  ],
  resolve: {
    alias: [
      // `@/x` is `src/x`, as tsconfig's `paths` says; the tests run on this config and get it too.
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/saml2': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The framework that every page needs has a chunk of its own; the chunk plan packs what the
    // login page loads into `public` and what signing in and opening a list add into
    // `console` (build/chunk-plan.ts); everything else is split automatically and lands with
    // the screens that use it.
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: CONTRACT_SOURCE, sideEffects: false },
          { test: ANTD_PURE_PACKAGES, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: FRAMEWORK, priority: 40 }, ...(plan?.groups ?? [])],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // antd in jsdom is slow to render, and more so while the other projects run alongside.
    testTimeout: 20_000,
  },
});
