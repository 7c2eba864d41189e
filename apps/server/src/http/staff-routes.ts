// A staff route in one call: its path, summary and schemas, and what it answers besides
// `success: true`. Every route declared this way is `access: 'staff'` (http/families.ts): the guard
// picks admin or master by the prefix it is served under.
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export interface StaffRouteSchema<P, Q, B> {
  summary: string;
  params?: z.ZodType<P>;
  querystring?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The answer's schema; its status is 200, or `status`. */
  response: z.ZodType;
  status?: 200 | 201;
}

/** The request with its params, query and body as their schemas parsed them. */
export type Parsed<P, Q, B> = FastifyRequest & { params: P; query: Q; body: B };

type Answer<P, Q, B> = (request: Parsed<P, Q, B>) => Promise<object>;

export function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: HTTPMethods) =>
    <P = unknown, Q = unknown, B = unknown>(
      url: string,
      schema: StaffRouteSchema<P, Q, B>,
      answer: Answer<P, Q, B>,
    ) => {
      const { response, status = 200, ...rest } = schema;
      r.route({
        method,
        url,
        config: { access: 'staff' },
        schema: { ...rest, response: { [status]: response } },
        handler: async (request, reply) => {
          const body = await answer(request as Parsed<P, Q, B>);
          return reply.status(status).send({ success: true, ...body });
        },
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') };
}
