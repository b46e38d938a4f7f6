import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const LIST_MARKER = '/* precache list */';
const VERSION_MARKER = "const VERSION = 'development';";
const PAGE_LIST_MARKER = '/* page list */';

/**
 * Writes the service worker (sw.js, hand-written beside this file) into the build with this
 * version's app shell: index.html, every script and stylesheet of the build, and the public files
 * (icons, manifest); and `pages`, prerendered pages it holds from the start (vite.prerender.ts
 * writes them after this). Its version is a hash of that list, so a new build installs a new worker
 * and an unchanged one does not; a page's content changes only with the code, so with the list.
 */
export function serviceWorker({ source, pages = [] }: { source: string; pages?: string[] }): Plugin {
  let publicDir = '';
  return {
    name: 'kreyolcash:service-worker',
    apply: 'build',
    // After Vite's own plugins, so the stylesheets are in the bundle.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((fileName) => /\.(js|css|woff2?)$/.test(fileName));
      const urls = [
        '/index.html',
        ...publicFiles(publicDir),
        ...built.map((fileName) => `/${fileName}`),
      ].sort();
      const version = createHash('sha256')
        .update([...urls, ...pages].join('\n'))
        .digest('hex')
        .slice(0, 16);
      const template = readFileSync(source, 'utf8');
      if ([LIST_MARKER, VERSION_MARKER, PAGE_LIST_MARKER].some((marker) => !template.includes(marker))) {
        this.error(`${source}: the precache list, the page list or the version marker is missing`);
      }
      const code = template
        .replace(VERSION_MARKER, `const VERSION = '${version}';`)
        .replace(LIST_MARKER, urls.map((url) => JSON.stringify(url)).join(',\n  '))
        .replace(PAGE_LIST_MARKER, pages.map((url) => JSON.stringify(url)).join(',\n  '));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

function publicFiles(dir: string): string[] {
  if (!dir) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
}
