#!/usr/bin/env node
// `npm start`: build the console if its bundle is missing or older than its sources,
// then run the server, which serves the console and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(root, 'packages/contract/src'),
];
const stale =
  !existsSync(built) ||
  sources.some(
    (s) =>
      existsSync(s) &&
      (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs,
  );

if (stale && process.env.GATEHOUSE_SKIP_BUILD !== '1') {
  console.log('Building the console…');
  const res = spawnSync('npm', ['run', '--silent', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
