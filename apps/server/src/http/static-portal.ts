// Serves the built portal: hashed assets cached for a year as immutable, index.html revalidated on
// every load (no-cache); the .br/.gz files the build wrote are sent when Accept-Encoding allows them
// (@fastify/static sets Content-Encoding; Vary is ours, on every answer, so a shared cache keeps the
// variants apart). The portal's own routes (SPEC §2)
// get index.html whatever the Accept header says (a curl or a load balancer probing `/`), any other
// GET for HTML gets it too so the portal's routes work on reload; everything else is a 404 JSON.
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

/** The portal's routes of SPEC §2; their HTML is served even without `Accept: text/html`. */
export const PORTAL_ROUTES = [
  '/',
  '/admin-dashboard',
  '/business-data',
  '/business-registrations',
  '/admin-registration-history',
  '/master/admin-registration',
  '/admin-approval',
] as const;

const portalRoutes = new Set<string>(PORTAL_ROUTES);

/** A known portal route, with or without a trailing slash. */
export const isPortalRoute = (path: string): boolean =>
  portalRoutes.has(path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The request's path, normalised; null when it is not valid percent-encoding. */
function portalPath(url: string): string | null {
  try {
    return normalize(decodeURIComponent(url.split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
  } catch {
    return null;
  }
}

export async function registerPortal(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist && existsSync(join(webDist, 'index.html')) ? webDist : undefined;
  if (root) {
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
    app.get('/assets/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      reply.header('vary', 'Accept-Encoding');
      return reply.sendFile(join('assets', file), { maxAge: '365d', immutable: true });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (root && (request.method === 'GET' || request.method === 'HEAD')) {
      const path = portalPath(request.url);
      if (path === null) return sendError(reply, 404, MSG.resourceNotFound);
      const file = join(root, path);
      if (path !== '/' && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        reply.header('vary', 'Accept-Encoding');
        return reply.sendFile(path.slice(1));
      }
      if (isPortalRoute(path) || request.headers.accept?.includes('text/html')) {
        // Its script names change with every build: the browser must ask before reusing it.
        reply.header('cache-control', 'no-cache');
        reply.header('vary', 'Accept-Encoding');
        return reply.sendFile('index.html', { cacheControl: false });
      }
    }
    return sendError(reply, 404, MSG.resourceNotFound);
  });
}
