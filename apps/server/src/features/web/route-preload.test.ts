import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preload.ts';

const manifest = {
  entry: { scripts: ['/assets/index-z.js'], styles: ['/assets/index-y.css'] },
  routes: [
    { path: '/', scripts: ['/assets/landing-a.js'], styles: [] },
    { path: '/login', scripts: ['/assets/login-b.js', '/assets/zod-c.js'], styles: ['/assets/data-d.css'] },
    { path: '/company/:id', scripts: ['/assets/company-e.js'], styles: [] },
    { path: '/admin/*', scripts: ['/assets/admin-g.js'], styles: [] },
    { path: '*', scripts: ['/assets/not-found-f.js'], styles: [] },
  ],
};

describe('route preloads', () => {
  it("names the entry first, then the page's stylesheets and chunks", () => {
    expect(routePreloads(manifest).linkFor('/login')).toBe(
      [
        '</assets/index-y.css>; rel=preload; as=style; crossorigin',
        '</assets/index-z.js>; rel=modulepreload; crossorigin',
        '</assets/data-d.css>; rel=preload; as=style; crossorigin',
        '</assets/login-b.js>; rel=modulepreload; crossorigin',
        '</assets/zod-c.js>; rel=modulepreload; crossorigin',
      ].join(', '),
    );
  });

  it("leaves out the entry's stylesheet for a page that carries it in itself", () => {
    const link = routePreloads(manifest).linkFor('/login', { stylesInPage: true });
    expect(link).not.toContain('index-y.css');
    expect(link).toContain('</assets/data-d.css>; rel=preload; as=style; crossorigin');
    expect(link?.startsWith('</assets/index-z.js>; rel=modulepreload')).toBe(true);
  });

  it('matches parameters, a trailing slash, and anything else with the catch-all', () => {
    const preloads = routePreloads(manifest);
    expect(preloads.linkFor('/company/123')).toContain(
      '</assets/company-e.js>; rel=modulepreload; crossorigin',
    );
    expect(preloads.linkFor('/login/')).toContain('login-b.js');
    expect(preloads.linkFor('/company/123/more')).toContain(
      '</assets/not-found-f.js>; rel=modulepreload; crossorigin',
    );
    expect(preloads.linkFor('/company/123/more')).not.toContain('company-e.js');
    // A route ending in `*` holds every path below it: the back office's own pages.
    expect(preloads.linkFor('/admin/users/3')).toContain('admin-g.js');
    expect(preloads.linkFor('/admin')).toContain('admin-g.js');
  });

  it('sends nothing for a missing or malformed list, and never a path outside the assets', () => {
    expect(routePreloads(undefined).linkFor('/login')).toBeUndefined();
    expect(routePreloads({ routes: [{ path: '/' }] }).linkFor('/')).toBeUndefined();
    for (const script of ['/assets/a.js>; rel=x', '//evil/a.js']) {
      const hostile = { routes: [{ path: '/', scripts: [script], styles: [] }] };
      expect(routePreloads(hostile).linkFor('/')).toBeUndefined();
    }
    const nothingToAdd = { entry: manifest.entry, routes: [{ path: '/', scripts: [], styles: [] }] };
    expect(routePreloads(nothingToAdd).linkFor('/')).toBeUndefined();
  });
});
