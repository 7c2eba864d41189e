import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from './context.ts';

export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
        return { success: true, database: 'up' };
      } catch {
        return reply.status(503).send({
          success: false,
          database: 'down',
          error: 'Database unavailable',
          message: 'Database unavailable',
        });
      }
    });
  };
}

/** The `health` route every family has (SPEC §9). */
export function familyHealth(app: FastifyInstance, service: string, access: 'public' | 'staff' = 'staff') {
  app.get('/health', { config: { access } }, async () => ({ success: true, service, status: 'healthy' }));
}
