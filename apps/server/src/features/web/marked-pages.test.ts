import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { chosenEncoding, markPage } from './marked-pages.ts';

// The agents' setting reaches the app on its pages' <html> element: every page the server sends,
// by its route or by its own address (the service worker's), and the shell's digest is the marked
// shell's. A small build of its own, so no web build is needed.

const SHELL =
  '<!doctype html>\n<html lang="ht" dir="ltr"><head><title>KreyolCash</title></head><body></body></html>';
const LANDING =
  '<!doctype html>\n<html lang="fr" data-prerendered="fr"><body><h1>KreyolCash</h1></body></html>';

function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'kc-marked-'));
  mkdirSync(join(root, 'pages/fr'), { recursive: true });
  writeFileSync(join(root, 'index.html'), SHELL);
  writeFileSync(join(root, 'pages/fr/landing.html'), LANDING);
  writeFileSync(join(root, 'app.js'), 'console.log(1)');
  writeFileSync(
    join(root, 'pages.json'),
    JSON.stringify({ languages: ['ht', 'fr'], routes: ['/', '*'], pages: { '/': 'landing' } }),
  );
  return root;
}

describe('markPage', () => {
  it('marks the <html> element once, whatever its attributes', () => {
    expect(markPage(SHELL)).toContain('<html data-agents="on" lang="ht" dir="ltr">');
    expect(markPage('<html>x</html>')).toBe('<html data-agents="on">x</html>');
    expect(markPage(markPage(SHELL))).toBe(markPage(SHELL));
  });

  it('sends brotli, else gzip, else the page as it is', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});

describe.each([
  ['on', 'true'],
  ['off', 'false'],
])('the pages with AGENTS_ENABLED %s', (setting, value) => {
  let t: TestApp;
  let base: string;
  let root: string;
  const on = setting === 'on';

  beforeAll(async () => {
    root = fakeBuild();
    t = await createTestApp({ WEB_DIST_DIR: root, AGENTS_ENABLED: value });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it(`${on ? 'carry' : 'do not carry'} the mark, by route and by address`, async () => {
    for (const [path, language] of [
      ['/home', undefined],
      ['/', 'fr'],
      ['/index.html', undefined],
      ['/pages/fr/landing.html', undefined],
    ] as const) {
      const res = await fetch(`${base}${path}`, {
        headers: language ? { cookie: `kc_lang=${language}` } : {},
      });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect((await res.text()).includes('data-agents="on"'), path).toBe(on);
    }
    const script = await fetch(`${base}/app.js`);
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers in the encoding asked for, and 304 when the phone holds the page', async () => {
    const br = await fetch(`${base}/home`, { headers: { 'accept-encoding': 'br' } });
    const body = Buffer.from(await br.arrayBuffer());
    // fetch decodes what the server encoded: the page reads the same either way.
    expect(body.toString()).toContain('<title>KreyolCash</title>');
    if (!on) return;
    expect(br.headers.get('content-encoding')).toBe('br');
    const etag = br.headers.get('etag') ?? '';
    const again = await fetch(`${base}/home`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it("names the shell the service worker would hold: the marked one's digest", async () => {
    const served = Buffer.from(await (await fetch(`${base}/index.html`)).arrayBuffer());
    const digest = createHash('sha256').update(served).digest('base64url');
    const res = await fetch(`${base}/home`, {
      headers: { 'service-worker-navigation-preload': `shell=${digest}` },
    });
    expect(res.status).toBe(304);
  });
});
