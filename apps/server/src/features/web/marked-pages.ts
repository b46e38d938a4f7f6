import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// With the agents' services on (AGENTS_ENABLED), every page the server sends says so on its <html>
// element, `data-agents="on"`: the app reads it before drawing anything (apps/web/src/lib/features.ts),
// and the prerendered pages, built without knowing the setting, hold the text of both settings and
// let the stylesheet show the true one. No request more on a slow network, and the service worker's
// copy of a page is the marked page itself. With the setting off the build's files go out as they
// are; this module is not used.

export const AGENTS_MARK = 'data-agents="on"';

export type MarkedPage = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** The page with the mark on its <html> element (once: a page already marked stays as it is). */
export function markPage(html: string): string {
  if (html.includes(AGENTS_MARK)) return html;
  return html.replace(/<html(\s|>)/i, (_match, after: string) => `<html ${AGENTS_MARK}${after}`);
}

/**
 * The marked pages of a build's folder, made when first asked and again when the file changes (a
 * new build), compressed once as the build's own .br and .gz are.
 */
export function markedPages(root: string) {
  const known = new Map<string, { mtimeMs: number; size: number; page: MarkedPage }>();
  return {
    /** The page at `file` (relative to the build), or undefined when there is none. */
    get(file: string): MarkedPage | undefined {
      const path = normalize(join(root, file));
      if (!path.startsWith(normalize(root) + sep) || !path.endsWith('.html')) return undefined;
      try {
        const { mtimeMs, size } = statSync(path);
        const cached = known.get(path);
        if (cached?.mtimeMs === mtimeMs && cached.size === size) return cached.page;
        const raw = Buffer.from(markPage(readFileSync(path, 'utf8')));
        const page = {
          raw,
          br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(raw, { level: 9 }),
          etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
        };
        known.set(path, { mtimeMs, size, page });
        return page;
      } catch {
        return undefined;
      }
    },
  };
}

/** The encoding to send a page in, from the phone's Accept-Encoding: br, else gzip, else none. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}
