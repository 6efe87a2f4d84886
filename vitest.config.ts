import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One workspace, several projects: `npm test` runs each as its own step so the summary
// can report where a failure happened.
export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a 2-core machine is one file at a time;
    // the suites wait on their databases and timers often enough for two to share the cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'node',
          root: './packages/node',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vite.config.ts',
      {
        plugins: [react()],
        test: {
          name: 'react',
          root: './packages/react',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['@testing-library/jest-dom/vitest'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Its own step of `npm test`: it starts servers of its own, once for the file.
          exclude: ['test/multi/**'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // Closes the apps `build()` made in a file's hooks when the file ends.
          setupFiles: ['./test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share its loaded modules instead of importing the server anew
          // each: on PostgreSQL 214 to 131 s (imports 78 to 19 s), on PGlite 322 to 181 s.
          // Each file makes its own app and database (test/helper.ts), and no server test
          // mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          // Several compiled servers on one PostgreSQL and Redis behind one address
          // (test/multi/multi-instance.test.ts); `npm test` runs it after the server suites.
          name: 'server-multi',
          root: './apps/server',
          include: ['test/multi/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          pool: 'forks',
        },
      },
    ],
  },
});
