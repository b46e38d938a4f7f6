import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// The public pages arrive with their text. Against the real web build — WEB_DIST_DIR's,
// or one made here in a scratch folder (the web build takes seconds) — fetched over HTTP as a
// phone without JavaScript would: only the HTML, nothing run.
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('the prerendered pages, over HTTP', () => {
  let t: TestApp;
  let base: string;
  let scratch: string | undefined;
  let distDir = '';

  beforeAll(async () => {
    let webDist = process.env.WEB_DIST_DIR;
    if (!webDist) {
      scratch = mkdtempSync(join(tmpdir(), 'kc-prerendered-web-'));
      webDist = join(scratch, 'dist');
      execFileSync(
        process.execPath,
        [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist],
        {
          cwd: join(repoRoot, 'apps/web'),
          stdio: 'ignore',
        },
      );
    }
    distDir = webDist;
    if (!existsSync(join(webDist, 'pages.json')))
      throw new Error(`${webDist} is not a web build with its pages`);
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  it('sends the landing with its Creole headline, pitch and buttons', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="ht"');
    expect(html).toContain('data-prerendered="ht"');
    expect(html).toMatch(/<h1[^>]*>KreyolCash<\/h1>/);
    expect(html).toContain('Lajan dijital ou, an Kreyòl');
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Kòmanse kounye a<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Konekte<\/a>/);
    // No inline script: the policy allows only the build's own files.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('carries its stylesheet, which the policy allows by its hash and no other inline style', async () => {
    const { html, headers } = await page('/login');
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css).toContain('.min-h-dvh');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const hash = createHash('sha256').update(css).digest('base64');
    const styleSrc = /style-src ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1];
    expect(styleSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(headers.get('content-security-policy')).toContain("script-src 'self';");
    // Its scripts wait for its first paint: none asked for with it, in the HTML or the headers.
    expect(headers.get('link')).toBeNull();
    expect(html).not.toMatch(/<script[^>]*src="\/assets\//);
    // In the head, run before the page is drawn: it holds what a person does before the takeover.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<script src="\/after-paint\.js" data-after-paint="\/assets\/index-[\w-]+\.js [^"]*\/assets\/login-[\w-]+\.js[^"]*"><\/script>/,
    );
    // As the service worker fetches a page to keep it: the same policy.
    const kept = await fetch(`${base}/pages/ht/home.html`);
    expect(kept.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    // A bodiless 304 too: Chromium applies its policy to the copy it then shows (the browser's
    // own revalidation, and the service worker's navigation that names the shell it holds).
    const shell = createHash('sha256')
      .update(readFileSync(join(distDir, 'index.html')))
      .digest('base64url');
    const revalidated = await fetch(`${base}/home`, {
      headers: { 'service-worker-navigation-preload': `shell=${shell}` },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it("sends the home's frame with its early script first, and the app's scripts waiting for it", async () => {
    const { html, headers } = await page('/home');
    // The session and the balance are asked for before the app's code (src/features/wallet/early/home-early.ts)…
    const early = /<script async src="(\/assets\/home-early-[\w-]+\.js)"><\/script>/.exec(html);
    expect(early?.index).toBeLessThan(html.indexOf('/after-paint.js'));
    const script = await fetch(`${base}${early?.[1]}`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('/api/auth/refresh');
    // …and the app's scripts come once it has shown the balance: none asked for with the page.
    expect(html).toMatch(
      /<script src="\/after-paint\.js" data-after-paint="\/assets\/index-[\w-]+\.js [^"]*" data-after-event="kc:early-settled"><\/script>/,
    );
    expect(html).not.toMatch(/<script[^>]*type="module"[^>]*src="\/assets\//);
    expect(headers.get('link')).toBeNull();
  });

  it('sends the login with its Creole title, fields and button, posting nothing in a URL', async () => {
    const { status, html } = await page('/login');
    expect(status).toBe(200);
    expect(html).toContain('<title>Konekte · KreyolCash</title>');
    expect(html).toMatch(/<h1[^>]*>Konekte<\/h1>/);
    expect(html).toMatch(/<label[^>]*>Imèl<\/label>/);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Konekte<\/button>/);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("sends the page in the language the visitor chose (the app's cookie)", async () => {
    const { html, headers } = await page('/login', { cookie: 'kc_lang=fr' });
    expect(html).toContain('<html lang="fr"');
    expect(html).toMatch(/<h1[^>]*>Se connecter<\/h1>/);
    expect(headers.get('vary')).toMatch(/cookie/i);
    expect(headers.get('kc-page')).toBe('/pages/fr/login.html');
  });

  it("sends the home's frame without anyone's data, and the not-found page with a 404", async () => {
    const home = await page('/home');
    expect(home.html).toContain('Balans ou');
    // The balance's place is there, empty: the placeholder until a figure is written into it.
    expect(home.html).toMatch(/<p id="home-balance"[^>]*data-testid="balance"[^>]*><\/p>/);
    const missing = await page('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Oops! Nou pa jwenn paj la');
  });

  it('answers a form sent before the app took it over with the page again, its fields nowhere', async () => {
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.ht&password=secret',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
  });

  it("holds the text of both agents' settings, each marked for the stylesheet, and no mark with them off", async () => {
    const landing = (await page('/')).html;
    expect(landing).toMatch(/<html (?![^>]*data-agents)/);
    expect(landing).toContain(
      'html:not([data-agents=on]) .when-agents,html[data-agents=on] .when-no-agents{display:none}',
    );
    expect(classOf(landing, 'KreyolCash (₭) se yon lajan ki sèvi sèlman anndan aplikasyon an')).toContain(
      'when-no-agents',
    );
    expect(classOf(landing, 'KreyolCash (₭) se lajan dijital ki sou kont ou')).toContain('when-agents');
    // The agents' card and its dot, drawn for the stylesheet to hide without them.
    expect(landing).toMatch(
      /class="[^"]*\bwhen-agents"[^>]*>(?:<[^>]+>)*<h2[^>]*>Mete ak retire lajan kay yon ajan</,
    );
    // React's separators between the pieces of a heading left out: the text as read.
    const terms = (await page('/terms-of-service')).html.replaceAll('<!-- -->', '');
    expect(classOf(terms, 'Ou pa ka retire KreyolCash an kach')).toContain('when-no-agents');
    expect(classOf(terms, 'Ou ka achte ₭ ak goud kach')).toContain('when-agents');
    expect(terms).toMatch(/<section class="[^"]*\bwhen-agents"><h2[^>]*>3\. Ajan KreyolCash/);
    // The sections after it have a number in each setting.
    expect(terms).toContain(
      '<span class="when-agents">4.</span><span class="when-no-agents">3.</span> Kont ou',
    );
  });

  it('marks the same pages as with the agents on when AGENTS_ENABLED is set, their text unchanged', async () => {
    const on = await createTestApp({ WEB_DIST_DIR: distDir, AGENTS_ENABLED: 'true' });
    try {
      const onBase = await on.app.listen({ host: '127.0.0.1', port: 0 });
      for (const path of ['/', '/terms-of-service', '/privacy-policy']) {
        const marked = await (await fetch(`${onBase}${path}`)).text();
        const plain = (await page(path)).html;
        expect(marked, path).toMatch(/<html data-agents="on" lang="ht"/);
        expect(marked.replace(' data-agents="on"', ''), path).toBe(plain);
      }
    } finally {
      await on.close();
    }
  });

  it('leaves the other screens to the app: the plain shell', async () => {
    const { status, html } = await page('/company/12');
    expect(status).toBe(200);
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('class="boot-splash"');
  });
});

/** The class of the element whose text starts with `text`. */
function classOf(html: string, text: string): string | undefined {
  const at = html.indexOf(`>${text}`);
  if (at < 0) return undefined;
  return /class="([^"]*)"[^>]*$/.exec(html.slice(html.lastIndexOf('<', at), at))?.[1];
}
