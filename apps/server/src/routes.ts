// Every SPEC §7 family, registered once. Each module owns its paths, guards and schemas.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './http/context.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  void app;
  void ctx;
  // MODULES (one line per family, keep this marker)
}
