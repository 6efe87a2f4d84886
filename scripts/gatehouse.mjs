#!/usr/bin/env node
// `npm run gatehouse -- <command>` (and `npm run audit:verify`, `npm run keys:rotate`): the
// operator's commands from the release build, apps/server/dist/gatehouse.js, which needs no
// build tool. In a checkout that has not been built, the sources run through tsx (a dev
// dependency) instead, saying so.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const compiled = join(root, 'apps/server/dist/gatehouse.js');
const args = process.argv.slice(2);

let command;
if (existsSync(compiled)) command = [compiled, ...args];
else {
  try {
    createRequire(join(root, 'apps/server/package.json')).resolve('tsx');
  } catch {
    console.error('There is no build (apps/server/dist/gatehouse.js): run `npm ci && npm run build` first.');
    process.exit(2);
  }
  console.error('(no build: running the sources through tsx)');
  command = ['--import', 'tsx', join(root, 'apps/server/src/cli/gatehouse.ts'), ...args];
}
const child = spawn(process.execPath, command, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
