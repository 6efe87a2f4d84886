#!/usr/bin/env node
// `npm test`: every check in a fixed order. Each step runs even when an earlier one
// failed, so one run reports everything; the last line is the summed `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const results = [];

function run(name, cmd, args, { env = {}, report } = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts = res.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (report) {
    const parsed = existsSync(report.file)
      ? report.parse(JSON.parse(readFileSync(report.file, 'utf8')))
      : null;
    // A runner that exits non-zero without failing a test (a crash, an error outside
    // tests) still counts as a failure.
    if (parsed)
      counts = {
        passed: parsed.passed,
        failed: parsed.failed + (res.status !== 0 && parsed.failed === 0 ? 1 : 0),
      };
    else counts = { passed: 0, failed: 1 };
  }
  results.push({ name, ...counts, seconds });
  console.log(`=== ${name}: ${counts.passed} passed, ${counts.failed} failed (${seconds}s)`);
}

const vitestReport = (file) => ({
  file,
  parse: (j) => ({
    passed: j.numPassedTests ?? 0,
    failed: (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0),
  }),
});
const vitest = (name, projects, env) => {
  const file = join(out, `${name}.json`);
  run(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    { env, report: vitestReport(file) },
  );
};

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit', ['contract', 'node', 'react', 'web']);
vitest('server-pglite', ['server'], { GATEHOUSE_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server-postgres', ['server'], { GATEHOUSE_TEST_DB: 'postgres' });
} else {
  console.log('\n=== server-postgres: TEST_DATABASE_URL is not set, so the PostgreSQL run is left out');
}
// Several instances on one PostgreSQL and Redis behind one address (issue 29): PostgreSQL only.
if (process.env.TEST_DATABASE_URL) {
  vitest('multi-instance', ['server-multi'], {
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
} else {
  console.log('\n=== multi-instance: TEST_DATABASE_URL is not set, so the multi-instance run is left out');
}
if (only.length === 0 || ['build', 'bundle-budget', 'e2e'].some((name) => only.includes(name))) {
  run('build', 'npm', ['run', '--silent', 'build']);
  // The console's JavaScript against its size budget (issue 11), on the build just made.
  run('bundle-budget', process.execPath, ['scripts/bundle-budget.mjs']);
  const file = join(out, 'e2e.json');
  run('e2e', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    report: {
      file,
      parse: (j) => ({
        passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0),
        failed: j.stats?.unexpected ?? 0,
      }),
    },
  });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nStep summary:');
for (const r of results)
  console.log(`  ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed  ${r.seconds}s`);
const line = `${passed} passed, ${failed} failed`;
writeFileSync(join(out, 'summary.txt'), `${line}\n`);
console.log(line);
process.exit(failed > 0 ? 1 : 0);
