#!/usr/bin/env node
// `npm start`: build the console and the server where their output is missing or older than
// their sources, then run the compiled server, which serves the console and the API on one
// port. GATEHOUSE_SKIP_BUILD=1 runs what is there; with no compiled server, the sources.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** True when `output` is missing or any of `sources` changed after it was written. */
function stale(output, sources) {
  if (!existsSync(output)) return true;
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
    command: ['npm', ['run', '--silent', 'build', '-w', 'apps/web']],
  },
  {
    what: 'the server',
    output: join(server, 'dist/main.js'),
    sources: [
      join(server, 'src'),
      join(server, 'build.mjs'),
      join(server, 'package.json'),
      join(server, 'tsconfig.json'),
      join(root, 'tsconfig.base.json'),
      contract,
    ],
    command: [process.execPath, [join(server, 'build.mjs')]],
  },
];

if (process.env.GATEHOUSE_SKIP_BUILD !== '1') {
  for (const target of targets) {
    if (!stale(target.output, target.sources)) continue;
    console.log(`Building ${target.what}…`);
    const [cmd, args] = target.command;
    const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

const compiled = join(server, 'dist/main.js');
if (existsSync(compiled)) {
  // In this process: the server handles the signals itself, and no second node sits idle.
  await import(pathToFileURL(compiled).href);
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', join(server, 'src/main.ts')], {
    cwd: process.cwd(),
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
