#!/usr/bin/env node
// `npm start`: runs the release build, the compiled server (apps/server/dist/main.js), which
// serves the console (apps/web/dist) and the API on one port. It needs no build tool: after
// `npm run build`, `npm ci --omit=dev` leaves enough to run it.
//
// On a fresh checkout there is no build yet: then, and only then, it builds first
// (`npm run build`, which needs the dev dependencies `npm ci` installs), saying so. A build
// older than its sources is run as it is, with a warning; `npm run build` rebuilds.
// `--rebuild-if-stale` (the browser tests' server) rebuilds such a build first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const server = join(root, 'apps/server');
const contract = join(root, 'packages/contract/src');

function newestMtime(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when any of `sources` changed after `output` was written. */
function older(output, sources) {
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && newestMtime(s) > built);
}

const targets = [
  {
    what: 'the console',
    output: join(web, 'dist/index.html'),
    sources: [
      join(web, 'src'),
      join(web, 'build'),
      join(web, 'index.html'),
      join(web, 'vite.config.ts'),
      contract,
    ],
    build: ['run', '--silent', 'build', '-w', 'apps/web'],
    tool: ['vite', web],
  },
  {
    what: 'the server',
    output: join(server, 'dist/main.js'),
    sources: [
      join(server, 'src'),
      join(server, 'drizzle'),
      join(server, 'build.mjs'),
      join(server, 'package.json'),
      join(root, 'package.json'),
      contract,
    ],
    build: ['run', '--silent', 'build', '-w', 'apps/server'],
    tool: ['esbuild', server],
  },
];

/** Whether the package a build needs is installed (it is a dev dependency). */
function installed([name, from]) {
  try {
    createRequire(join(from, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const rebuildIfStale = process.argv.includes('--rebuild-if-stale');
for (const target of targets) {
  const missing = !existsSync(target.output);
  const stale = !missing && older(target.output, target.sources);
  if (!missing && !stale) continue;
  if (stale && !rebuildIfStale) {
    console.warn(
      `Note: the build of ${target.what} is older than its sources; \`npm run build\` rebuilds it.`,
    );
    continue;
  }
  if (!installed(target.tool)) {
    console.error(
      `There is no build of ${target.what}, and the build tools are not installed (they are dev dependencies). Run \`npm ci && npm run build\`, then \`npm start\`.`,
    );
    process.exit(1);
  }
  console.log(
    missing
      ? `No build of ${target.what} yet: building it once (\`npm run build\` does it ahead of time)…`
      : `Rebuilding ${target.what}, older than its sources…`,
  );
  const res = spawnSync('npm', target.build, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// In this process: the server handles the signals itself, and no second node sits idle.
await import(pathToFileURL(join(server, 'dist/main.js')).href);
