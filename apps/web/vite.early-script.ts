import { createHash } from 'node:crypto';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * A page's first script, built on its own into one small classic file (no imports to wait for, no
 * chunk shared with the app, which would bring the app along): src/features/wallet/early/home-early.ts. Emitted
 * into the build's assets by content hash, so the service worker keeps it and the prerender
 * (vite.prerender.ts) names it in the page's head; its source still takes the app's own modules
 * (the money format, the wallet's shape), so there is one way of doing each of those things.
 */
export function earlyScript({ entry, name }: { entry: string; name: string }): Plugin {
  return {
    name: 'kreyolcash:early-script',
    apply: 'build',
    async generateBundle() {
      const result = await esbuild({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        write: false,
        legalComments: 'none',
      });
      const [output] = result.outputFiles;
      if (!output) this.error(`${entry}: esbuild wrote nothing`);
      const hash = createHash('sha256').update(output.contents).digest('base64url').slice(0, 8);
      this.emitFile({ type: 'asset', fileName: `assets/${name}-${hash}.js`, source: output.text });
    },
  };
}

/** The early script's file in a build's output, by the name it was given. */
export function earlyScriptFile(fileNames: Iterable<string>, name: string): string | undefined {
  const pattern = new RegExp(`^assets/${name}-[\\w-]+\\.js$`);
  for (const fileName of fileNames) if (pattern.test(fileName)) return fileName;
  return undefined;
}
