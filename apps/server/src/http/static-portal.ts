// Serves the built portal: hashed assets with long-lived caching; any other GET for HTML gets
// index.html so the portal's own routes work on reload; everything else is a 404 JSON.
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

export async function registerPortal(app: FastifyInstance, webDist: string | undefined) {
  const root = webDist && existsSync(join(webDist, 'index.html')) ? webDist : undefined;
  if (root) {
    await app.register(fastifyStatic, { root, serve: false });
    app.get('/assets/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(join('assets', file), { maxAge: '365d', immutable: true });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (root && (request.method === 'GET' || request.method === 'HEAD')) {
      const path = normalize(decodeURIComponent(request.url.split('?')[0] ?? '/')).replace(
        /^(\.\.[/\\])+/,
        '',
      );
      const file = join(root, path);
      if (path !== '/' && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
        return reply.sendFile(path.slice(1));
      }
      if (request.headers.accept?.includes('text/html')) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
    }
    return sendError(reply, 404, MSG.resourceNotFound);
  });
}
