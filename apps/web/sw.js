// KreyolCash's service worker. The build (vite.pwa.ts) writes it to dist/sw.js with this
// version's file list in place of the two markers below, and a version that is a hash of those
// files' content: a file changed under the same name (after-paint.js) makes a new worker, which the
// browser installs on the next visit and puts in charge once the app's pages are closed.
//
// - The app shell (index.html, every hashed script and stylesheet, the icons and the manifest)
//   is kept in a cache of this version, so a repeat visit downloads only the API's answers and
//   the app opens without a network.
// - Hashed files (/assets/*) never change: cache first.
// - Pages (navigations): the network first, so a new version shows at once; the cached shell
//   when the network fails or has not answered within NAVIGATION_TIMEOUT_MS (a phone on a weak
//   signal should not stare at a blank screen), or when the server answers 304 to the navigation
//   preload's `shell=<SHA-256 of our index.html>`: it has the same shell, so no need to send it.
// - Prerendered pages (the public pages and the home's frame, in the visitor's language): the
//   server names the page it would send (`kc-page: /pages/<language>/<name>.html`), on its 304 as
//   on its 200. The worker keeps each such page it receives, holds the home's frames from the
//   start, and on a 304 shows its copy of the named page, else the shell (drawn by the app).
// - The API (/api/*) is never cached here: balances, codes and money always come from the
//   server. The one thing shown offline, the last known balance, is kept by the app itself.

const VERSION = 'development';
const PRECACHE_URLS = [
  /* precache list */
];

// The home's frame in each language: a repeat visit's /home paints at once.
const PAGE_URLS = [
  /* page list */
];
const SHELL_CACHE = `kreyolcash-shell-${VERSION}`;
const NAVIGATION_TIMEOUT_MS = 4000;
const precached = new Set([...PRECACHE_URLS, ...PAGE_URLS]);

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('kreyolcash-') && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      // Starts the page's request while the worker boots, instead of after; and names the shell
      // this worker holds, so the server can answer a bodiless 304 when it is the current one.
      const preload = self.registration.navigationPreload;
      if (preload) {
        await preload.enable();
        const digest = await shellDigest();
        if (digest) await preload.setHeaderValue(`shell=${digest}`);
      }
      // The first visit's page is served by the network; from now on this worker answers it.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(event));
  } else if (url.pathname.startsWith('/assets/') || precached.has(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

// A file the previous version already holds (same hashed name) is copied, not downloaded again:
// an update costs only the files that changed.
async function precache() {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    [...PRECACHE_URLS, ...PAGE_URLS].map(async (path) => {
      const isHashed = path.startsWith('/assets/');
      const kept = isHashed ? await caches.match(path) : undefined;
      if (kept) return cache.put(path, kept);
      const response = await fetch(path, { cache: isHashed ? 'default' : 'no-cache' });
      if (!response.ok) throw new Error(`precache ${path}: ${response.status}`);
      return cache.put(path, response);
    }),
  );
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreSearch: true });
  return cached ?? fetch(request);
}

async function navigation(event) {
  try {
    const response = await withTimeout(networkResponse(event), NAVIGATION_TIMEOUT_MS);
    const page = prerenderedPage(response);
    // The server has the shell this worker holds: show ours (the named page, if we have it).
    if (response.status === 304) {
      const kept = (page && (await caches.match(page))) || (await caches.match('/index.html'));
      return kept ?? fetch(event.request);
    }
    if (page && response.status === 200) event.waitUntil(keepPage(page, response.clone()));
    // A gateway's error page (the API restarting) is worse than the app shell.
    if (response.status < 500) return response;
    return (await caches.match('/index.html')) ?? response;
  } catch {
    const shell = await caches.match('/index.html');
    return shell ?? Response.error();
  }
}

// Only a page of this build's folder of prerendered pages.
function prerenderedPage(response) {
  const page = response.headers.get('kc-page');
  return page && /^\/pages\/[\w-]+\/[\w-]+\.html$/.test(page) ? page : null;
}

async function keepPage(page, response) {
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(page, response);
}

async function networkResponse(event) {
  const preloaded = await event.preloadResponse;
  return preloaded ?? fetch(event.request);
}

// SHA-256 of the kept index.html, base64url, as the server computes it for its own.
async function shellDigest() {
  const cache = await caches.open(SHELL_CACHE);
  const shell = await cache.match('/index.html');
  if (!shell) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await shell.arrayBuffer()));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function withTimeout(promise, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
