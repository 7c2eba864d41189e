import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { sendUnavailable } from './error-handler.ts';

export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Answers within the connect timeout even when PostgreSQL is frozen (ping has its own deadline).
    app.get('/health', { config: { access: 'public' } }, async (_request, reply) => {
      try {
        await ctx.handle.ping();
        return { success: true, database: 'up' };
      } catch (error) {
        return sendUnavailable(reply, error, { database: 'down' });
      }
    });
  };
}

/** The `health` route every family has (SPEC §9). */
export function familyHealth(app: FastifyInstance, service: string, access: 'public' | 'staff' = 'staff') {
  app.get('/health', { config: { access } }, async () => ({ success: true, service, status: 'healthy' }));
}
