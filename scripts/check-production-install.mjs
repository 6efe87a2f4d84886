#!/usr/bin/env node
// `npm run check:release`, after `npm run build`: proves the release runs from a production
// install. It copies what a release holds (the package manifests and lock, the builds, the
// migrations) into a temporary folder, runs `npm ci --omit=dev` there (no build tool, no tsx,
// no TypeScript), then starts `node apps/server/dist/main.js` on a fresh embedded database,
// asks /api/ready and /api/version, signs in and serves the console, and runs an operator
// command from dist/gatehouse.js. It is slower than a test (a real install), so CI runs it
// on its own; the server test compiled-server.test.ts checks the bundles' imports against
// the dependencies on every `npm test`.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const RELEASE = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'packages/contract/package.json',
  'apps/web/package.json',
  'apps/web/dist',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/drizzle',
];
for (const path of ['apps/server/dist/main.js', 'apps/server/dist/gatehouse.js', 'apps/web/dist/index.html'])
  if (!existsSync(join(root, path))) {
    console.error(`${path} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-release-'));
const dataDir = join(dir, 'data');
const password = 'release-check-admin-password';
let server;
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  for (const path of RELEASE) {
    if (existsSync(join(root, path))) cpSync(join(root, path), join(dir, path), { recursive: true });
  }
  const started = Date.now();
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const size = execFileSync('du', ['-sm', join(dir, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
  console.log(`npm ci --omit=dev: ${((Date.now() - started) / 1000).toFixed(1)} s, node_modules ${size} MiB`);
  const modules = readdirSync(join(dir, 'node_modules'));
  for (const tool of ['esbuild', 'tsx', 'vite', 'typescript', 'drizzle-kit', 'vitest'])
    check(!modules.includes(tool), `${tool} is not installed`);

  const env = {
    PATH: process.env.PATH,
    PORT: '0',
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk.toString();
      const listening = /Gatehouse listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]);
    };
    server.stdout.on('data', seen);
    server.stderr.on('data', seen);
    server.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    setTimeout(() => reject(new Error(`the server did not listen within 60 s:\n${output}`)), 60_000).unref();
  });
  check(
    (await fetch(`${origin}/api/ready`)).status === 200,
    'node apps/server/dist/main.js serves: /api/ready',
  );
  const version = await (await fetch(`${origin}/api/version`)).json();
  console.log(`     /api/version: ${JSON.stringify(version)}`);
  check(typeof version.version === 'string', '/api/version names the release');
  const signIn = await fetch(`${origin}/api/oauth2-server/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  check(signIn.status === 200, 'the administrator signs in');
  const page = await fetch(`${origin}/login`, { headers: { accept: 'text/html' } });
  check(page.status === 200 && (await page.text()).includes('<div id="root"'), 'the console is served');
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  check((await stopped) === 0, 'SIGTERM stops it with exit code 0');
  const verify = execFileSync(process.execPath, ['apps/server/dist/gatehouse.js', 'audit:verify'], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  check(verify.startsWith('The audit chain holds'), `dist/gatehouse.js audit:verify: ${verify.trim()}`);
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  failures.length === 0 ? 'The release runs from a production install.' : `${failures.length} failed.`,
);
process.exit(failures.length === 0 ? 0 : 1);
