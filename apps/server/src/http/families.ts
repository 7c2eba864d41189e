// Families both roles use are served under /admin/... and /master/... with the same tails
// (DESIGN §3); their routes declare `access: 'staff'` and the guard picks the role by prefix.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

export async function registerStaffFamily(app: FastifyInstance, tail: string, plugin: FastifyPluginAsync) {
  for (const role of ['admin', 'master'] as const) {
    await app.register(plugin, { prefix: `/${role}${tail}` });
  }
}
