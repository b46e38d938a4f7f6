import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../../app.ts';
import { errorBody } from '../../lib/error-handler.ts';
import { loadRoutePreloads } from './route-preload.ts';

// Serves the built web app; any other GET that is not under /api gets index.html so the client
// router can draw the page (its own 404 included). Unknown /api paths get a JSON 404.
export async function webAppRoutes(app: AppInstance): Promise<void> {
  const root = app.deps.config.webDistDir;
  const hasWebBuild = existsSync(join(root, 'index.html'));
  const preloads = loadRoutePreloads(join(root, 'route-preload.json'));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: send the smallest the phone accepts.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be revalidated.
        const isHashed = path.includes(`${join(root, 'assets')}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'web app is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || !['GET', 'HEAD'].includes(request.method) || !hasWebBuild) {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    // The page's own chunks, fetched alongside the entry. Not when the service worker asks (its
    // navigation preload): it holds every chunk already, and the header would only cost bytes.
    const link = request.headers['service-worker-navigation-preload'] ? undefined : preloads.linkFor(path);
    if (link) reply.header('link', link);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
