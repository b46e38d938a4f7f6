import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { writeServiceWorker } from './vite.pwa.ts';

const TEMPLATE = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');
const HOME_FRAME = '/pages/ht/home.html';

let scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  scratch = [];
});

/** A small build: its output folder (with the public files copied into it) and its public folder. */
function fakeBuild(): { outDir: string; publicDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'kc-sw-version-'));
  scratch.push(root);
  const outDir = join(root, 'dist');
  const publicDir = join(root, 'public');
  const publicFiles = { 'after-paint.js': '(() => {})();\n', 'icons/icon-192.png': 'png' };
  const built = {
    'index.html': '<!doctype html>',
    'assets/index-abc.js': 'console.log(1);',
    'assets/index-abc.css': 'body{}',
    'assets/index-abc.js.br': 'compressed',
    'pages/ht/home.html': '<html>home</html>',
    'pages/ht/landing.html': '<html>landing</html>',
    'pages.json': '{}',
  };
  for (const [path, text] of Object.entries(publicFiles)) {
    write(join(publicDir, path), text);
    write(join(outDir, path), text);
  }
  for (const [path, text] of Object.entries(built)) write(join(outDir, path), text);
  return { outDir, publicDir };
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function workerOf(build: { outDir: string; publicDir: string }) {
  return writeServiceWorker({ template: TEMPLATE, ...build, pages: [HOME_FRAME] });
}

describe('the service worker written into a build', () => {
  it('keeps the shell, the public files and the built scripts and styles, and the home frame', () => {
    const build = fakeBuild();
    const { version } = workerOf(build);
    const code = readFileSync(join(build.outDir, 'sw.js'), 'utf8');
    expect(code).toContain(`const VERSION = '${version}';`);
    const list = code.slice(code.indexOf('const PRECACHE_URLS'), code.indexOf('const PAGE_URLS'));
    for (const url of [
      '/index.html',
      '/after-paint.js',
      '/icons/icon-192.png',
      '/assets/index-abc.js',
      '/assets/index-abc.css',
    ])
      expect(list).toContain(JSON.stringify(url));
    expect(list).not.toContain('.br');
    expect(list).not.toContain('pages.json');
    expect(code.slice(code.indexOf('const PAGE_URLS'))).toContain(JSON.stringify(HOME_FRAME));
    // The server sends sw.js.gz or .br when they are there: they are this worker, not an older one.
    expect(gunzipSync(readFileSync(join(build.outDir, 'sw.js.gz'))).toString()).toBe(code);
  });

  it('is the same version for the same files', () => {
    expect(workerOf(fakeBuild()).version).toBe(workerOf(fakeBuild()).version);
  });

  it.each([
    'after-paint.js',
    'icons/icon-192.png',
    'index.html',
    'assets/index-abc.js',
    'pages/ht/home.html',
    'pages/ht/landing.html',
  ])('is a new version when %s changes under the same name', (path) => {
    const build = fakeBuild();
    const before = workerOf(build).version;
    appendFileSync(join(build.outDir, path), ' ');
    expect(workerOf(build).version).not.toBe(before);
  });

  it('is a new version when the worker itself changes', () => {
    const build = fakeBuild();
    const before = workerOf(build).version;
    const after = writeServiceWorker({ template: `${TEMPLATE}\n// changed`, ...build, pages: [HOME_FRAME] });
    expect(after.version).not.toBe(before);
  });

  it('refuses to keep a page the build does not have', () => {
    const build = fakeBuild();
    expect(() =>
      writeServiceWorker({ template: TEMPLATE, ...build, pages: ['/pages/xx/home.html'] }),
    ).toThrow(/\/pages\/xx\/home\.html/);
  });
});
