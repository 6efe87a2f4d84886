import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` runs the server compiled into one file (apps/server/build.mjs). The compiled
// file must still find what the sources find beside themselves: the migrations and the
// template of a new database, for a fresh data directory, and the console's build.
const serverDir = new URL('..', import.meta.url).pathname;
const rootDir = join(serverDir, '../..');
const webIndex = join(serverDir, '../web/dist/index.html');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

let outDir: string;
let dataDir: string;
let server: ChildProcess | undefined;
let origin = '';

beforeAll(async () => {
  // Inside the repository, where node finds the packages the bundle imports; dist is ignored.
  mkdirSync(join(serverDir, 'dist'), { recursive: true });
  outDir = mkdtempSync(join(serverDir, 'dist', 'test-'));
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-compiled-'));
  const outfile = join(outDir, 'main.js');
  execFileSync(process.execPath, [join(serverDir, 'build.mjs'), outDir]);
  // A new data directory starts from the build's template of a new database, as after `npm start`'s build.
  if (!existsSync(join(serverDir, 'dist/pglite-template.tar'))) {
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `import { buildPgliteTemplate } from ${JSON.stringify(join(serverDir, 'build.mjs'))}; await buildPgliteTemplate();`,
    ]);
  }
  const child = spawn(process.execPath, [outfile], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_PASSWORD: 'compiled-server-test-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  let output = '';
  origin = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Gatehouse listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the compiled server exited (${code}):\n${output}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('migrates a fresh data directory and answers', async () => {
    const ready = await fetch(`${origin}/api/ready`);
    expect(ready.status).toBe(200);
    const signIn = await fetch(`${origin}/api/oauth2-server/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'compiled-server-test-password' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('reports the release of package.json and the commit it was built from', async () => {
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: rootDir, encoding: 'utf8' });
    const res = await fetch(`${origin}/api/version`);
    expect(await res.json()).toEqual({
      version: readJson(join(rootDir, 'package.json')).version,
      commit: head.status === 0 ? head.stdout.trim() : null,
    });
  });

  // The console's build, when there is one, is found where the sources find it; the server
  // tests may run before the build, and then an HTML request gets the JSON 404.
  it('serves the console from apps/web/dist once it is built, and a JSON 404 before', async () => {
    const built = existsSync(webIndex);
    const page = await fetch(`${origin}/login`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(built ? 200 : 404);
    if (built) expect(await page.text()).toContain('<div id="root"');
    else expect((await page.json()).code).toBe('NOT_FOUND');
  });
});

describe('what the build needs at run time', () => {
  // `npm ci --omit=dev` installs the dependencies of package.json and what they need, nothing
  // else: every package the bundles import, at start or on demand, must be one of the server's
  // dependencies (or the console's build would be all that is missing). The contract is
  // bundled in, so its own imports (zod) count as the server's.
  it('imports nothing but node builtins and the dependencies of apps/server/package.json', () => {
    const meta = readJson(join(outDir, 'meta.json')) as {
      outputs: Record<string, { entryPoint?: string; imports: { path: string; external?: boolean }[] }>;
    };
    const server = readJson(join(serverDir, 'package.json'));
    const dependencies = new Set(Object.keys(server.dependencies));
    const devOnly = new Set([
      ...Object.keys(server.devDependencies),
      ...Object.keys(readJson(join(rootDir, 'package.json')).devDependencies),
    ]);
    const builtins = new Set(builtinModules);
    const packageOf = (path: string) =>
      path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
    const bundles = Object.entries(meta.outputs).filter(([file]) => /\.m?js$/.test(file));
    expect(bundles.map(([file]) => file.split('/').pop()).sort()).toEqual([
      'gatehouse.js',
      'hash-worker.mjs',
      'main.js',
    ]);
    const imported = new Set<string>();
    for (const [file, output] of bundles) {
      for (const { path, external } of output.imports) {
        expect(external, `${file} bundles ${path} instead of importing it`).toBe(true);
        if (path.startsWith('node:') || builtins.has(path)) continue;
        const name = packageOf(path);
        imported.add(name);
        expect(
          devOnly.has(name) && !dependencies.has(name),
          `${file} imports ${name}, a dev dependency`,
        ).toBe(false);
        expect(dependencies.has(name), `${file} imports ${name}, which is not a dependency`).toBe(true);
      }
    }
    // The check read real imports: the database drivers and the web framework among them.
    for (const name of ['fastify', 'pg', '@electric-sql/pglite', 'zod', '@node-rs/argon2'])
      expect(imported).toContain(name);
    // And the build tools are not dependencies, so a production install leaves them out.
    for (const tool of ['esbuild', 'tsx', 'vite', 'typescript', 'drizzle-kit'])
      expect(dependencies.has(tool), `${tool} is a dependency`).toBe(false);
  });

  it('runs the operator commands from the build: gatehouse.js lists them', () => {
    const help = spawnSync(process.execPath, [join(outDir, 'gatehouse.js'), 'help'], { encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('audit:verify');
    expect(help.stdout).toContain('keys:rotate');
  });
});

describe('what the compiled server loads at start', () => {
  // Each is imported where it is first used, so a server whose configuration does not use it
  // neither starts slower nor holds it in memory: the other database driver, Redis without
  // REDIS_URL, mail without SMTP_URL, the OpenID Provider before a relying party calls, the
  // QR code and the common-password list before anyone needs them.
  const ON_DEMAND = [
    '@electric-sql/pglite',
    'pg',
    'drizzle-orm/pglite',
    'drizzle-orm/node-postgres',
    'ioredis',
    'nodemailer',
    'oidc-provider',
    'qrcode',
    '@zxcvbn-ts/language-common',
  ];

  it('imports the packages its configuration may not use only on demand', () => {
    const code = readFileSync(join(outDir, 'main.js'), 'utf8');
    const atStart = new Set([...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]));
    const onDemand = new Set([...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]));
    expect(atStart.size).toBeGreaterThan(5);
    for (const name of ON_DEMAND) {
      expect(atStart.has(name), `${name} is imported at start`).toBe(false);
      expect(onDemand.has(name), `${name} is not imported on demand`).toBe(true);
    }
  });
});
