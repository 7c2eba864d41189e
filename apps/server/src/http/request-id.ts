// X-Request-Id: an incoming id is kept when it looks like one (so a proxy's id follows
// the request through our logs), else one is generated. It is on every log line of the request
// (`request_id`), in the response header and in every error body (error-handler.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Letters, digits and `-_.:`, up to 128: nothing that could forge a log line or a header. */
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

/** The Fastify options that make `request.id` the request id and log it as `request_id`. */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader' | 'logController'> =
  {
    genReqId: requestIdOf,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
  };

export function echoRequestId(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for one header.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
