import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  exitIfMissing,
  journeyChromiumPath,
  missingChromium,
  missingWebBuild,
} from '../scripts/prerequisites.mjs';
import { findFreePort } from './tests/support/free-port';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Checked in the runner and again in each worker, before anything starts: without a browser or a
// build every journey would fail on its own, far from the reason.
exitIfMissing('The browser journeys', [
  missingChromium(journeyChromiumPath()),
  missingWebBuild(resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist')),
]);

// Playwright evaluates this file again in every worker process. The runner picks the port and the
// data directory once and hands them down through the environment, so all agree on one server.
if (!process.env.KC_E2E_PORT) {
  process.env.KC_E2E_PORT = String(await findFreePort());
  const dataDir = mkdtempSync(`${tmpdir()}/kreyolcash-e2e-`);
  process.env.KC_E2E_DATA_DIR = dataDir;
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = Number(process.env.KC_E2E_PORT);
const dataDir = process.env.KC_E2E_DATA_DIR ?? '';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Sized for a busy 2-core machine: two browsers, the server and whatever else runs there share
  // the cores, and a journey that takes 15 s on a quiet machine can take 40 s on a loaded one.
  // The heaviest journeys ask for more with test.slow().
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 360, height: 740 },
    // Recording a trace slowed every journey by a fifth; a failure is traced on its retry (CI
    // retries once), and `--trace on` records one locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Every new context would install the service worker and download the whole shell into its
    // cache: a quarter of each journey's time. The journeys about the worker (pwa*.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: journeyChromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The real server, serving the built web app (apps/web/dist) and the API, on a fresh database.
  webServer: {
    // Creates the journeys' back-office operators with operator:create, then starts the server.
    command: 'node e2e/start-server.mjs',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Links in e-mails (confirmation, password reset) point at the address the browser uses. Every
    // journey signs people up from this one address: the per-IP limits (10 sign-ups an hour) are
    // raised so the suite can grow; the limits themselves are covered by the server's tests.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      RATE_LIMIT_MULTIPLIER: '100',
      // The agents' screens and journeys; a journey of its own checks the app with it unset
      // (agents-off.spec.ts).
      AGENTS_ENABLED: 'true',
      // The channels the Sipò screen shows, as an operator would configure them.
      SUPPORT_WHATSAPP: '+50937000000',
      SUPPORT_EMAIL: 'sipo@kreyolcash.ht',
      SUPPORT_HOURS: 'mon-fri 08:00-17:00; sat 09:00-13:00',
    },
  },
});
