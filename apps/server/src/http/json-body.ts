// JSON bodies. An empty body sent with `Content-Type: application/json` (a DELETE, or a header-only
// call such as /auth/validate from a client that always sets the header) reads as no body; any
// other body goes through Fastify's own parser, prototype-poisoning checks included.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
