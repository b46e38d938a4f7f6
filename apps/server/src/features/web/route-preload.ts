import { readFileSync } from 'node:fs';
import { type RouteMatcher, routeMatcher } from './route-match.ts';

// The web build writes route-preload.json (apps/web/vite.route-preload.ts): for each path of the
// client's route table, the chunks and stylesheets the page loads before it can draw. The server
// names them in a `Link` header of the page, so the browser fetches them alongside the entry
// instead of once the entry has run and found its route (a round trip and the entry's whole
// download later, on a slow network).

type Files = { scripts: string[]; styles: string[] };
type ManifestRoute = Files & { path: string };
type Route = { matches: RouteMatcher; link: string; linkWithoutEntryStyles: string };

export type RoutePreloads = {
  /**
   * The `Link` header for a page's path, or undefined when the page has nothing to preload. A
   * prerendered page carries the entry's stylesheet in itself (`stylesInPage`): not asked for again.
   */
  linkFor: (pathname: string, options?: { stylesInPage?: boolean }) => string | undefined;
};

const noPreloads: RoutePreloads = { linkFor: () => undefined };

/** Reads the build's list; a build without one (or a broken one) just sends no hints. */
export function loadRoutePreloads(file: string): RoutePreloads {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return noPreloads;
  }
  return routePreloads(manifest);
}

export function routePreloads(manifest: unknown): RoutePreloads {
  if (!isManifest(manifest)) return noPreloads;
  // `crossorigin` as index.html and the chunk loader ask for them, or the preload is not reused.
  // The entry first: on HTTP/1.1 (six connections) the page's many small chunks would otherwise
  // be asked for before it, and it is what everything waits for. Stylesheets before scripts.
  const entry = manifest.entry ?? { scripts: [], styles: [] };
  const entryStyles = entry.styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`);
  const routes: Route[] = manifest.routes.map((route) => {
    const rest = [
      ...entry.scripts.map((href) => `<${href}>; rel=modulepreload; crossorigin`),
      ...route.styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`),
      ...route.scripts.map((href) => `<${href}>; rel=modulepreload; crossorigin`),
    ];
    // Nothing to preload beyond what index.html names: no header.
    const hasOwn = route.scripts.length + route.styles.length > 0;
    return {
      // `*` matches any path; it is the table's last route.
      matches: routeMatcher(route.path),
      link: hasOwn ? [...entryStyles, ...rest].join(', ') : '',
      linkWithoutEntryStyles: hasOwn ? rest.join(', ') : '',
    };
  });
  return {
    linkFor(pathname, options) {
      const route = routes.find((candidate) => candidate.matches(pathname));
      return (options?.stylesInPage ? route?.linkWithoutEntryStyles : route?.link) || undefined;
    },
  };
}

function isManifest(value: unknown): value is { entry?: Files; routes: ManifestRoute[] } {
  if (typeof value !== 'object' || value === null || !('routes' in value) || !Array.isArray(value.routes))
    return false;
  if ('entry' in value && !isFiles(value.entry)) return false;
  return value.routes.every(
    (route: unknown) => isFiles(route) && 'path' in route && typeof route.path === 'string',
  );
}

function isFiles(value: unknown): value is Files {
  return (
    typeof value === 'object' &&
    value !== null &&
    'scripts' in value &&
    isAssetPaths(value.scripts) &&
    'styles' in value &&
    isAssetPaths(value.styles)
  );
}

// Only the build's own files, and nothing that could break the header's syntax.
function isAssetPaths(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(item))
  );
}
