import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { readRouteTable } from './route-table.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What the build writes to `route-preload.json`, and what the server reads. */
export type RoutePreloadManifest = {
  /** The entry and its stylesheets (index.html's), named first so they are asked for first. */
  entry: { scripts: string[]; styles: string[] };
  /** In the route table's order: the first route whose path matches a page is the page's. */
  routes: { path: string; scripts: string[]; styles: string[] }[];
};

export const ROUTE_PRELOAD_FILE = 'route-preload.json';

/**
 * A route's code is split from the entry, and the browser only learns which chunks a page needs
 * once the entry has downloaded and run: on a slow network, one more round trip and the entry's
 * whole download before the page's own code even starts. This writes, for each path of the route
 * table (`export const routes` in the router module), the chunks that path loads before it can draw —
 * its layouts' and page's chunks, their static imports, the Creole texts they wait for
 * (`withNamespaces`) and their stylesheets — so the server can name them in a `Link` header of the
 * page itself, and the browser fetches them alongside the entry.
 */
export function routePreloadManifest({ router }: { router: string }): Plugin {
  let root = '';
  return {
    name: 'kreyolcash:route-preload-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route preload: no entry chunk');
      // What index.html already loads: the entry, its static imports and their stylesheets.
      const inHtml = closure(bundle, entry, new Set());
      // Where each module ended up: its own chunk, or one it shares with others.
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) byModule.set(withoutExtension(id), chunk);
        if (chunk.facadeModuleId) byModule.set(withoutExtension(chunk.facadeModuleId), chunk);
      }
      const entryFiles = [...inHtml].map((file) => `/${file}`);
      const manifest: RoutePreloadManifest = {
        entry: {
          scripts: entryFiles.filter((file) => file.endsWith('.js')),
          styles: entryFiles.filter((file) => file.endsWith('.css')),
        },
        routes: [],
      };
      for (const route of readRouteTable(root, router)) {
        const modules = [
          ...route.modules,
          // Creole is the default language; another one's texts still load as they do today.
          ...route.namespaces.map((namespace) => `src/i18n/${namespace}/ht`),
        ];
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(withoutExtension(join(root, module)));
          if (!chunk) this.error(`route preload: no chunk for ${module} (route ${route.path})`);
          for (const file of closure(bundle, chunk, new Set())) if (!inHtml.has(file)) files.add(file);
        }
        const all = [...files].map((file) => `/${file}`);
        manifest.routes.push({
          path: route.path,
          scripts: all.filter((file) => file.endsWith('.js')),
          styles: all.filter((file) => file.endsWith('.css')),
        });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: JSON.stringify(manifest) });
    },
  };
}

/** The chunk, its static imports (recursively) and the stylesheets of all of them. */
function closure(bundle: OutputBundle, chunk: OutputChunk, seen: Set<string>): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  const metadata = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
  for (const css of metadata?.importedCss ?? []) seen.add(css);
  for (const fileName of chunk.imports) {
    const output = bundle[fileName];
    if (output?.type === 'chunk') closure(bundle, output, seen);
  }
  return seen;
}

function withoutExtension(path: string): string {
  return path.split('?')[0]?.replace(/\.(tsx?|jsx?|json)$/, '') ?? path;
}
