import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createUser, logIn } from './support/accounts';

// The other journeys run without the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

// An installable app whose shell a service worker keeps, opening without a network on
// the last known balance, with no money action.

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchIcon(request: APIRequestContext, src: string) {
  const answer = await request.get(src);
  expect(answer.status(), src).toBe(200);
  expect(answer.headers()['content-type'], src).toBe('image/png');
  return pngSize(await answer.body());
}

/** Waits for the worker to be active and in charge of the page; the URLs it keeps. */
async function serviceWorkerReady(page: Page): Promise<string[]> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) throw new Error('no active worker');
    // The worker claims the page while it is still activating: wait for the end of activation.
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve, reject) => {
        const settle = () => {
          if (worker.state !== 'activated' && worker.state !== 'redundant') return;
          worker.removeEventListener('statechange', settle);
          if (worker.state === 'activated') resolve();
          else reject(new Error('the worker became redundant instead of active'));
        };
        worker.addEventListener('statechange', settle);
      });
    }
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('the web manifest is served, valid and linked, under a CSP that allows it and the worker', async ({
  page,
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'KreyolCash',
    short_name: 'KreyolCash',
    lang: 'ht',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b1f6b',
  });
  // Chromium's installability criteria: a 192 px and a 512 px icon; a maskable one for Android.
  for (const icon of manifest.icons) {
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(await fetchIcon(request, icon.src)).toEqual({ width, height });
  }
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);

  const home = await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const csp = home?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("manifest-src 'self'");
  expect(csp).toContain("worker-src 'self'");
  // Chromium reads the manifest the page links without an error.
  const cdp = await page.context().newCDPSession(page);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(JSON.parse(data ?? '{}')).toMatchObject({ name: 'KreyolCash', start_url: '/home' });
});

test('the service worker installs, keeps the app shell and never an API answer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
  const kept = await serviceWorkerReady(page);
  const shell = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src], link[rel="stylesheet"]',
      ),
    ].map((element) => new URL('src' in element ? element.src : element.href).pathname),
  );
  expect(kept).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', ...shell]));
  expect(kept.filter((path) => path.startsWith('/api'))).toEqual([]);

  // A reload's scripts come from the worker's cache. The page paints from its HTML before its
  // scripts arrive, so the heading alone does not say they came.
  const scriptFromWorker = page.waitForResponse(
    (response) => response.fromServiceWorker() && response.request().resourceType() === 'script',
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
  expect((await scriptFromWorker).status()).toBe(200);
});

test('a page asked for by the worker that holds the current shell is a bodiless 304', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  // What the worker sends with its navigation preload: `shell=` and the SHA-256 of its index.html.
  const header = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.navigationPreload.getState()).headerValue ?? '';
  });
  expect(header).toMatch(/^shell=[\w-]{43}$/);
  const unchanged = await request.get('/home', { headers: { 'service-worker-navigation-preload': header } });
  expect(unchanged.status()).toBe(304);
  expect((await unchanged.body()).length).toBe(0);
  // Chromium applies its policy to the page the worker shows: the page's own.
  expect(unchanged.headers()['content-security-policy']).toContain("script-src 'self'");
  const other = await request.get('/home', { headers: { 'service-worker-navigation-preload': 'shell=old' } });
  expect(other.status()).toBe(200);
  expect(await other.text()).toContain('<div id="root">');

  // The worker shows its own shell for that 304: the page draws, its scripts from the cache.
  await page.goto('/home');
  await expect(page).toHaveURL('/login');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'KreyolCash' })).toBeVisible();
});

test('offline, the app opens on the last known balance with a Creole notice and no money action', async ({
  page,
  request,
  context,
}, testInfo) => {
  const user = await createUser(request);
  await logIn(page, user);
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
  await serviceWorkerReady(page);
  const kept = await page.evaluate(() => localStorage.getItem('kreyolcash.lastKnownBalance'));
  expect(JSON.parse(kept ?? '{}')).toMatchObject({ wallet: { saldo_centis: 10_000 } });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status')).toContainText(
    'Ou pa konekte — balans sa a se dènye sa nou te konnen.',
  );
  await expect(page.getByRole('status')).toContainText('Dènye mizajou:');
  await expect(page.getByTestId('balance')).toHaveText('₭ 100,00');
  await expect(page.getByRole('button', { name: 'Nouvo peman' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Voye' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Nouvo peman' })).toHaveCount(0);
  const shot = testInfo.outputPath('offline-home-360.png');
  await page.screenshot({ path: shot, animations: 'disabled' });
  await testInfo.attach('offline-home-360', { path: shot, contentType: 'image/png' });

  // Back online, the session from the refresh cookie returns and with it the live home.
  await context.setOffline(false);
  await expect(page.getByText(`Bonjou, ${user.firstName}!`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Nouvo peman' })).toBeVisible();

  // Leaving forgets the figure: the next person on this phone does not see it.
  await page.getByRole('button', { name: 'Dekonekte' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('kreyolcash.lastKnownBalance'))).toBeNull();
});
