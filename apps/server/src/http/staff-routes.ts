// A staff route in one call: its path, summary and schemas, and what it answers besides
// `success: true`. A family's routes are `access: 'staff'` (http/families.ts): the guard picks
// admin or master by the prefix it is served under; a family for one role names it and its 403
// message instead: staffRoutes(app, { access: 'master', denied: MSG.onlyMaster }).
import { HealthResponse } from '@portal/contract/responses';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from '../auth/guard.ts';

interface RequestSchema<P, Q, B> {
  summary: string;
  params?: z.ZodType<P>;
  querystring?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** Request headers the route reads (If-Match). */
  headers?: z.ZodType;
  /** The OpenAPI security of a public route that reads the bearer token itself. */
  security?: Record<string, string[]>[];
}

export interface StaffRouteSchema<P, Q, B> extends RequestSchema<P, Q, B> {
  /** The answer's schema; its status is 200, or `status`. */
  response: z.ZodType;
  status?: 200 | 201 | 202;
  /** The answer gets a body its schema refused (request.validationError) and words the 400 itself. */
  attachValidation?: true;
}

/** Who may call a family's routes (auth/guard.ts), and the 403 a caller of the wrong role gets. */
export interface RouteAccess {
  access: Access;
  denied?: string;
}

/** The request with its params, query and body as their schemas parsed them. */
export type Parsed<P, Q, B> = FastifyRequest & { params: P; query: Q; body: B };

type Answer<P, Q, B> = (request: Parsed<P, Q, B>, reply: FastifyReply) => Promise<object>;

export function staffRoutes(app: FastifyInstance, config: RouteAccess = { access: 'staff' }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: HTTPMethods) =>
    <P = unknown, Q = unknown, B = unknown>(
      url: string,
      schema: StaffRouteSchema<P, Q, B>,
      answer: Answer<P, Q, B>,
    ) => {
      const { response, status = 200, attachValidation, ...rest } = schema;
      r.route({
        method,
        url,
        config,
        attachValidation,
        schema: { ...rest, response: { [status]: response } },
        handler: async (request, reply) => {
          const body = await answer(request as Parsed<P, Q, B>, reply);
          return reply.status(status).send({ success: true, ...body });
        },
      });
    };
  const get = add('GET');
  return {
    get,
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
    /** A GET that sends a file (an export) rather than JSON: `send` writes the answer itself. */
    download: <P = unknown, Q = unknown>(
      url: string,
      schema: RequestSchema<P, Q, unknown>,
      send: (request: Parsed<P, Q, unknown>, reply: FastifyReply) => Promise<FastifyReply>,
    ) => {
      r.route({
        method: 'GET',
        url,
        config,
        schema,
        handler: (request, reply) => send(request as Parsed<P, Q, unknown>, reply),
      });
    },
    /** The family's `health` route, documented like its other routes (summary, closed answer). */
    health: (service: string) =>
      get(
        '/health',
        { summary: `Health of the ${service.replaceAll('-', ' ')} service`, response: HealthResponse },
        async () => ({ service, status: 'healthy' }),
      ),
  };
}
