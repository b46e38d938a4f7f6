import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../lib/error-handler.ts';
import { chosenEncoding, type MarkedPage, markedPages } from './marked-pages.ts';
import { LANGUAGE_COOKIE, loadPrerenderedPages } from './prerendered-pages.ts';
import { loadRoutePreloads } from './route-preload.ts';

// Serves the built web app; any other GET that is not under /api gets its page: prerendered in the
// visitor's language when the build drew it (the public pages, the home's frame, the not-found
// page with a 404), else index.html, where the client router draws it. Unknown /api paths get a
// JSON 404.
export const webAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = app.deps.config.webDistDir;
  const hasWebBuild = existsSync(join(root, 'index.html'));
  const preloads = loadRoutePreloads(join(root, 'route-preload.json'));
  const pages = loadPrerenderedPages(root);
  // The agents' setting on every page (marked-pages.ts): then the pages go out from here, marked.
  const marked = app.deps.config.agentsEnabled ? markedPages(root) : undefined;
  const shell = shellDigest(join(root, 'index.html'), marked && (() => marked.get('index.html')?.raw));
  const sendPage = (request: FastifyRequest, reply: FastifyReply, file: string, status = 200) => {
    const page = marked?.get(file);
    return page ? sendMarked(request, reply, page, status) : reply.status(status).sendFile(file);
  };
  // The prerendered pages carry the build's stylesheet in a <style> (vite.prerender.ts): the page
  // policy allows that exact text by its hash, and still no other inline style. Every answer
  // outside /api carries it, the bodiless 304s included: Chromium applies a 304's policy to the
  // copy of the page the service worker (or its HTTP cache) then shows.
  const { styleHash } = pages;
  if (styleHash) {
    app.addHook('onSend', async (request, reply, payload) => {
      const policy = reply.getHeader('content-security-policy');
      const path = request.url.split('?')[0] ?? '/';
      if (typeof policy === 'string' && path !== '/api' && !path.startsWith('/api/'))
        reply.header('content-security-policy', withStyleSource(policy, styleHash));
      return payload;
    });
  }
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: send the smallest the phone accepts.
      preCompressed: true,
      // Marked pages are sent by the not-found handler below.
      allowedPath: marked ? (path) => !path.endsWith('.html') : undefined,
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
    // A prerendered form sent before the app took it over (method="post", so that nothing typed
    // goes into an address): the page again, where the app — loaded by then — takes it.
    if (!isApi && request.method === 'POST' && hasWebBuild && pages.pageFor(path)) {
      return reply.redirect(path, 303);
    }
    if (isApi || !['GET', 'HEAD'].includes(request.method) || !hasWebBuild) {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    // A page's own address (/index.html, /pages/…), as the service worker fetches it.
    const asFile =
      marked && path.endsWith('.html') ? marked.get(decodeURIComponent(path).slice(1)) : undefined;
    if (asFile) return sendMarked(request, reply.header('cache-control', 'no-cache'), asFile);
    const fromWorker = request.headers['service-worker-navigation-preload'];
    const page = pages.pageFor(path, request.cookies[LANGUAGE_COOKIE]);
    // Which page this is, for the service worker: it keeps a copy under that name (sw.js).
    if (page) reply.header('kc-page', `/${page.file}`).header('vary', 'Cookie');
    // The service worker names the app shell it holds (sw.js, `shell=` and its SHA-256): when it is
    // the one this server has, a bodiless 304 tells it to show its own copy — of the page named
    // above when it has one, else of the shell — and on a repeat visit the page costs a few header
    // bytes instead of the whole document.
    // It keeps the page's headers: Chromium applies this answer's policy to the page the worker
    // then shows.
    if (typeof fromWorker === 'string' && fromWorker === `shell=${shell.digest()}`) {
      return reply.status(304).header('cache-control', 'no-cache').send();
    }
    // The page's own chunks, fetched alongside the entry. Not when the service worker asks (its
    // navigation preload): it holds every chunk already, and the header would only cost bytes.
    // Nor for a page that fetches its scripts once drawn: they would share the bandwidth with it.
    const link =
      fromWorker || page?.scriptsAfterPaint
        ? undefined
        : preloads.linkFor(path, { stylesInPage: Boolean(page && styleHash) });
    if (link) reply.header('link', link);
    reply.header('cache-control', 'no-cache');
    if (!page) return sendPage(request, reply, 'index.html');
    return sendPage(request, reply, page.file, page.isNotFound ? 404 : 200);
  });
};

/** The policy with one more source of styles (helmet writes `style-src 'self'`). */
export function withStyleSource(policy: string, source: string): string {
  return policy.replace(/(^|;)\s*style-src ([^;]*)/, (directive) =>
    directive.includes(source) ? directive : `${directive} ${source}`,
  );
}

/** A marked page, in the encoding the phone takes; a 304 when it holds this very page. */
function sendMarked(request: FastifyRequest, reply: FastifyReply, page: MarkedPage, status = 200) {
  const vary = reply.getHeader('vary');
  reply
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .header('etag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(encoding ? page[encoding] : page.raw);
}

/**
 * SHA-256 of index.html (base64url) as the service worker will hold it (the marked page when
 * `served` is given), read again whenever the file changes (a new build).
 */
function shellDigest(file: string, served?: () => Buffer | undefined): { digest: () => string } {
  let known: { mtimeMs: number; size: number; digest: string } | undefined;
  return {
    digest() {
      try {
        const { mtimeMs, size } = statSync(file);
        if (known?.mtimeMs !== mtimeMs || known.size !== size) {
          const digest = createHash('sha256')
            .update(served?.() ?? readFileSync(file))
            .digest('base64url');
          known = { mtimeMs, size, digest };
        }
        return known.digest;
      } catch {
        return 'no-shell';
      }
    },
  };
}
