import { MSG } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { listMigrations } from '../db/migrate.ts';
import type { AppContext } from './context.ts';
import { sendError, sendUnavailable } from './error-handler.ts';

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

    // For orchestrators: live = the process answers (restart it when not); ready = the database
    // answers and every migration of this build is applied (send it traffic only then).
    app.get('/health/live', { config: { access: 'public' } }, async () => ({
      success: true,
      status: 'live',
    }));

    const expected = listMigrations().map((migration) => migration.version);
    // Once seen applied, this build's migrations stay applied: later probes only ping, which has
    // its own short deadline, instead of waiting for a busy pool's connection.
    let migrated = false;
    app.get('/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
      try {
        await ctx.handle.ping();
        const pending = migrated ? [] : await pendingMigrations(ctx, expected);
        migrated = pending.length === 0;
        if (pending.length > 0) {
          reply.header('retry-after', '5');
          return sendError(reply, 503, MSG.serviceUnavailable, {
            status: 'not_ready',
            database: 'up',
            pending_migrations: pending,
          });
        }
        const replicas = ctx.handle.replicas?.status();
        return { success: true, status: 'ready', database: 'up', ...(replicas ? { replicas } : {}) };
      } catch (error) {
        return sendUnavailable(reply, error, { status: 'not_ready', database: 'down' });
      }
    });
  };
}

async function pendingMigrations(ctx: AppContext, expected: string[]): Promise<string[]> {
  const rows = await sql<{ version: string }>`select version from schema_migrations`.execute(ctx.db);
  const applied = new Set(rows.rows.map((row) => row.version));
  return expected.filter((version) => !applied.has(version));
}

/** The `health` route every family has (SPEC §9). */
export function familyHealth(app: FastifyInstance, service: string, access: 'public' | 'staff' = 'staff') {
  app.get('/health', { config: { access } }, async () => ({ success: true, service, status: 'healthy' }));
}
