import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { writeServiceWorker } from '../../apps/web/vite.pwa.ts';
import { type OwnServer, repoRoot, startServerOnCopy } from './support/own-server';

// The other journeys run without the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

// A phone that has the app keeps its files in the service worker. A release that changes a file
// under the same name (after-paint.js is not content-hashed) must still reach it: the worker's
// version follows the content of every file it keeps, so the browser finds a new worker on the
// next visit and, once the app's pages are closed, the new worker serves the new file.

// Budgets for a busy 2-core machine: a worker installs ~160 files, and the server starts cold.
const WORKER_BUDGET_MS = 60_000;

/** Writes the build's service worker again, as the build does, for the files now in `webDist`. */
function releaseServiceWorker(webDist: string): string {
  const homeFrames = readdirSync(join(webDist, 'pages')).map((language) => `/pages/${language}/home.html`);
  return writeServiceWorker({
    template: readFileSync(join(repoRoot, 'apps/web/sw.js'), 'utf8'),
    outDir: webDist,
    publicDir: join(repoRoot, 'apps/web/public'),
    pages: homeFrames,
  }).version;
}

/** Waits until a worker is in charge of the page; the names of the caches it left. */
async function controlledCaches(page: Page): Promise<string[]> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: WORKER_BUDGET_MS,
  });
  return page.evaluate(() => caches.keys());
}

/** after-paint.js as the page gets it: through its worker, from the worker's cache. */
function afterPaintScript(page: Page): Promise<string> {
  return page.evaluate(async () => (await fetch('/after-paint.js')).text());
}

/** The state of the worker that waits for the old one's pages to close, if there is one. */
function waitingWorkerState(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
}

let server: OwnServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('a file changed under the same name reaches a returning visitor', async ({ context }) => {
  test.setTimeout(240_000);
  server = await startServerOnCopy();
  const { url, webDist } = server;
  // The worker as this checkout writes it, so that the release below changes one file only.
  const firstVersion = releaseServiceWorker(webDist);

  const visit = await context.newPage();
  await visit.goto(`${url}/`);
  await expect(visit.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
  expect(await controlledCaches(visit)).toEqual([`kreyolcash-shell-${firstVersion}`]);
  const release = `release-${Date.now().toString(36)}`;
  expect(await afterPaintScript(visit)).not.toContain(release);

  // The release: after-paint.js changes, its name does not; the build writes the worker again.
  appendFileSync(
    join(webDist, 'after-paint.js'),
    `\ndocument.documentElement.dataset.release = '${release}';\n`,
  );
  const secondVersion = releaseServiceWorker(webDist);
  expect(secondVersion).not.toBe(firstVersion);

  // The next visit finds the new worker; it installs, and waits for the app's pages to close.
  await visit.goto(`${url}/`);
  await expect(visit.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
  await expect.poll(() => waitingWorkerState(visit), { timeout: WORKER_BUDGET_MS }).toBe('installed');
  // Until then the open page keeps the files it started with.
  expect(await afterPaintScript(visit)).not.toContain(release);
  await visit.close();

  // The visitor comes back: the new worker serves the new file, and the old cache is gone.
  const back = await context.newPage();
  await back.goto(`${url}/`);
  await expect(back.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
  await expect(back.locator('html')).toHaveAttribute('data-release', release, { timeout: WORKER_BUDGET_MS });
  expect(await controlledCaches(back)).toEqual([`kreyolcash-shell-${secondVersion}`]);
  expect(await afterPaintScript(back)).toContain(release);
});
