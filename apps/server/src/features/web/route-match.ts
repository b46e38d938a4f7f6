/**
 * Matching a URL's path against a path of the web app's route table, as its router does:
 * `:name` matches one segment, a last `*` the rest (`/admin/*`), `*` alone anything; a trailing
 * slash is ignored.
 */
export type RouteMatcher = (pathname: string) => boolean;

export function routeMatcher(routePath: string): RouteMatcher {
  if (routePath === '*') return () => true;
  const pattern = segmentsOf(routePath);
  const isSplat = pattern.at(-1) === '*';
  const fixed = isSplat ? pattern.slice(0, -1) : pattern;
  return (pathname) => {
    const segments = segmentsOf(pathname);
    if (isSplat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
    return fixed.every((part, index) => part.startsWith(':') || part === segments[index]);
  };
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}
