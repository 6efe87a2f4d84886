import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Each run gets its own port, data directory and admin password. The values go into the
// environment once, in the main process, so the workers (which load this file again)
// inherit the same ones.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  process.env.E2E_ADMIN_PASSWORD = randomBytes(18).toString('base64url');
  process.env.E2E_OUTPUT_DIR = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-artifacts-'));
  // The SMTP server of e2e/mail-server.ts, where the server's emails (reset links) arrive.
  process.env.E2E_SMTP_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
  process.env.E2E_MAIL_DIR = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-mail-'));
}
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const root = new URL('../..', import.meta.url).pathname;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/mail-server.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // Per run, so runs side by side never wipe each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR,
  use: {
    baseURL,
    // A trace records every action and costs a third of the run; E2E_TRACE=1 keeps one per failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The console honours the system's reduced-motion setting: no dialog or menu animations to wait for.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // As `npm start` runs it: the compiled server, rebuilt first when its sources are newer.
    command: `${process.execPath} scripts/start.mjs --rebuild-if-stale`,
    cwd: root,
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port ?? '',
      HOST: '127.0.0.1',
      GATEHOUSE_DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      GATEHOUSE_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: 'Gatehouse <gatehouse@e2e.test>',
      // The origin of the emailed links: as in production, never the request's Host.
      GATEHOUSE_PUBLIC_URL: baseURL,
      // Browsers refuse an IP address as a WebAuthn relying party: passkeys.spec opens the
      // console on localhost.
      GATEHOUSE_PASSKEY_ORIGIN: `http://localhost:${port}`,
      // webhooks.spec's receiver listens on http://127.0.0.1, which production refuses.
      GATEHOUSE_WEBHOOK_ALLOW_HTTP: 'true',
      GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
