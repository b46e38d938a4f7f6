import { writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Sonner injects its stylesheet with a runtime <style> element, which a strict
 * Content-Security-Policy (style-src 'self') refuses. Drop the injection; the same rules ship as
 * a normal stylesheet (components/ui/toaster.tsx imports sonner/dist/styles.css).
 */
export function sonnerStylesWithoutInlineStyle(): Plugin {
  return {
    name: 'kreyolcash:sonner-styles-without-inline-style',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace('function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;');
      if (patched === code) this.error('sonner changed: __insertCSS not found, review the CSP workaround');
      return { code: patched, map: null };
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes .br and .gz beside every text asset, compressed once at their best level, so the server
 * can send them as they are (@fastify/static `preCompressed: true`) instead of compressing on
 * every request — or, worse, not at all.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'kreyolcash:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((fileName) => /\.(js|mjs|css|html|svg|json)$/.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [gzipped, brotli] = await Promise.all([
            gzipAsync(source, { level: 9 }),
            brotliAsync(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
        }),
      );
    },
  };
}

/**
 * Writes a file the build makes after the bundle was written (a prerendered page, the service
 * worker) with its .gz and .br beside it: the server sends a .br it finds as it is, so one left
 * from before would be served in the new file's place.
 */
export function writeWithCompressedCopies(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.gz`, gzipSync(text, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  );
}
