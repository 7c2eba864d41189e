// buildApp(deps) -> a Fastify instance with every route; tests call it and use inject().
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { SESSION } from '@portal/contract/limits';
import { withoutNul } from '@portal/contract/text-input';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installGuard } from './auth/guard.ts';
import type { Secrets } from './auth/secrets.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { AppContext } from './http/context.ts';
import { frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.routes.ts';
import { acceptEmptyJson } from './http/json-body.ts';
import { registerPortal } from './http/static-portal.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerModules } from './routes.ts';
import '@portal/contract/zod-setup';
import type { ZodType } from 'zod';

export interface AppDeps {
  handle: DatabaseHandle;
  config: AppConfig;
  secrets: Secrets;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Every body, query and path schema refuses a NUL in any string first (contract text-input.ts).
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler({ ...route, schema: withoutNul(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJson(app);
  installErrorHandler(app);

  const ctx: AppContext = {
    db: deps.handle.db,
    handle: deps.handle,
    config: deps.config,
    secrets: deps.secrets,
    tokens: {
      secret: deps.secrets.jwtSecret,
      jwtTtlSeconds: deps.config.jwtTtlSeconds ?? SESSION.jwtTtlSeconds,
    },
    mailer:
      deps.mailer ??
      createMailer({
        db: deps.handle.db,
        smtpUrl: deps.config.smtpUrl,
        from: deps.config.mailFrom,
        log: (message) => app.log.info(message),
      }),
  };

  installGuard(app, { db: ctx.db, secret: ctx.tokens.secret });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Portal de Administración API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/docs/json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes(ctx));
  await registerModules(app, ctx);
  await registerPortal(app, deps.config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
