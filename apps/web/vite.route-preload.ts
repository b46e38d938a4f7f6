import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import type { Plugin, Rolldown } from 'vite';

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

type RouteModules = { path: string; modules: string[]; namespaces: string[] };

/**
 * Reads the route table without running it: for each route with a path, the modules of its
 * `import()` calls (relative to the web app, e.g. `src/app/routes/login`) and the namespaces it
 * awaits through `withNamespaces`, following the helper constants it names (`withLegalTexts`, …).
 * A child route inherits what its layout loads.
 */
function readRouteTable(root: string, router: string): RouteModules[] {
  const file = join(root, router);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  // `./routes/login` in src/app/router.tsx is src/app/routes/login.
  const directory = posix.dirname(router);
  const constants = new Map<string, ts.Expression>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      constants.set(declaration.name.text, declaration.initializer);
      if (declaration.name.text === 'routes' && ts.isArrayLiteralExpression(declaration.initializer))
        table = declaration.initializer;
    }
  }
  if (!table) throw new Error(`${file}: no \`export const routes = [...]\``);

  const collect = (node: ts.Node, into: Omit<RouteModules, 'path'>, followed: Set<string>): void => {
    if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first))
        into.modules.push(posix.join(directory, first.text));
      if (ts.isIdentifier(node.expression) && node.expression.text === 'withNamespaces' && second) {
        if (ts.isArrayLiteralExpression(second))
          for (const item of second.elements) if (ts.isStringLiteral(item)) into.namespaces.push(item.text);
      }
    }
    if (ts.isIdentifier(node) && node.text !== 'routes' && !followed.has(node.text)) {
      const target = constants.get(node.text);
      if (target) collect(target, into, new Set([...followed, node.text]));
    }
    ts.forEachChild(node, (child) => collect(child, into, followed));
  };

  const routes: RouteModules[] = [];
  const visit = (list: ts.ArrayLiteralExpression, parent: Omit<RouteModules, 'path'>) => {
    for (const element of list.elements) {
      if (!ts.isObjectLiteralExpression(element)) continue;
      const own = { modules: [...parent.modules], namespaces: [...parent.namespaces] };
      let path: string | undefined;
      let children: ts.ArrayLiteralExpression | undefined;
      for (const property of element.properties) {
        const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
        if (name === 'path' && ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer))
          path = property.initializer.text;
        else if (name === 'children' && ts.isPropertyAssignment(property)) {
          if (ts.isArrayLiteralExpression(property.initializer)) children = property.initializer;
        } else collect(property, own, new Set());
      }
      if (path !== undefined) routes.push({ path, ...own });
      if (children) visit(children, own);
    }
  };
  visit(table, { modules: [], namespaces: [] });
  return routes;
}
