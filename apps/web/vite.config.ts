import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

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

// The dev server forwards API and SAML calls to the Fastify server, so the console runs
// on one origin in development just as it does when the server serves the built files.
const apiTarget = process.env.GATEHOUSE_API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), pureContractDeclarations()],
  // `@/x` is `src/x`, as tsconfig's `paths` says; the tests run on this config and get it too.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/saml2': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Screens outside the signed-in shell (login above all) should not pay for the layout,
    // menus and icons, so only the framework that every page needs gets a fixed chunk; antd
    // components are left to automatic splitting and land with the screens that use them.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: CONTRACT_SOURCE, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // antd in jsdom is slow to render, and more so while the other projects run alongside.
    testTimeout: 20_000,
  },
});
