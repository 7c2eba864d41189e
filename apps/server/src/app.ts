// buildApp(deps) -> a Fastify instance with every route; tests call it and use inject().
import cluster from 'node:cluster';
import rateLimit from '@fastify/rate-limit';
import { SESSION } from '@portal/contract/limits';
import { mayHoldNul, withoutNul } from '@portal/contract/text-input';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerDeleted, installGuard } from './auth/guard.ts';
import type { Secrets } from './auth/secrets.ts';
import { sessionCacheFor } from './auth/session-cache.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { AppContext } from './http/context.ts';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.routes.ts';
import { acceptEmptyJson } from './http/json-body.ts';
import { createMetrics, type Metrics, metricsServer, NO_WEBHOOK_COUNTERS } from './http/metrics.ts';
import { databaseRateLimitStore } from './http/rate-limit-store.ts';
import { installReadRouting } from './http/read-routing.ts';
import { echoRequestId, requestIdOptions } from './http/request-id.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { registerPortal } from './http/static-portal.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { startImportWorker } from './modules/business-import/import-worker.ts';
import { declareDocsAccess, registerOpenApi } from './openapi.ts';
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
    // TRUST_PROXY (docs/deploy.md): off, a hop count or the proxies' addresses; request.ip is then
    // the client's address for rate limits, lockouts, sessions and the change log.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...requestDeadline(deps.config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    frameworkErrors,
    clientErrorHandler,
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  closeConnectionsWhenClosing(app);
  // Every body, query and path schema refuses a NUL in any string first (contract text-input.ts).
  // Input that surely holds none skips the walk that finds one and the schema wrapped around it,
  // which cost more than most routes' own schemas (docs/performance.md, "Timestamps read as text").
  app.setValidatorCompiler<ZodType>((route) => {
    const plain = validatorCompiler(route);
    const refusingNul = validatorCompiler({ ...route, schema: withoutNul(route.schema) });
    return (data) => (mayHoldNul(data) ? refusingNul(data) : plain(data));
  });
  app.setSerializerCompiler(responseSerializerCompiler({ check: !deps.config.production }));
  acceptEmptyJson(app);
  installErrorHandler(app, { callerGone: (request) => callerDeleted(deps.handle.db, request.auth) });

  const { metricsEnabled, metricsPort } = deps.config;
  const metrics = metricsEnabled || metricsPort !== undefined ? createMetrics(deps.handle) : undefined;
  const ctx: AppContext = {
    webhookCounters: metrics?.webhooks ?? NO_WEBHOOK_COUNTERS,
    db: deps.handle.db,
    readDb: deps.handle.readDb,
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
        production: deps.config.production,
      }),
  };

  installSecurityHeaders(app, { trustProxy: Boolean(deps.config.trustProxy) });
  installReadRouting(app, deps.handle.replicas);
  installObservability(app, deps, metrics);
  declareDocsAccess(app); // before the guard's onRoute check
  const sessions = await sessionCacheFor(deps.handle, deps.config.sessionCacheMs);
  app.addHook('onClose', sessions.stop);
  installGuard(app, { db: ctx.db, secret: ctx.tokens.secret, sessions: sessions.cache });
  // Counted in the database, so every process on it shares one budget per client IP.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  await registerOpenApi(app); // /docs (UI) and /docs/json

  await app.register(healthRoutes(ctx));
  await registerModules(app, ctx);
  await registerPortal(app, deps.config.webDist);
  installImportWorker(app, ctx);
  return app;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * app.close() waits for every connection to end, and Node closes only the connections idle when
 * it starts: a keep-alive connection whose request was still running would hold the shutdown
 * until its keep-alive timeout. Once closing, answers say `Connection: close`, and connections
 * left idle by a finished answer are closed.
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}

/**
 * A client has `ms` to send its whole request (a slow body no longer holds a connection for
 * ever): Node then answers 408 and closes the socket. Node's requestTimeout stops counting once
 * the request is received, so a long response (a CSV export) is not cut. Node looks for late
 * requests every connectionsCheckingInterval (30 s by default): often enough here for the limit
 * to hold within a small fraction of it.
 */
function requestDeadline(ms: number) {
  if (ms <= 0) return { requestTimeout: 0 };
  return {
    requestTimeout: ms,
    http: {
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(ms / 4))),
      headersTimeout: Math.min(60_000, ms),
    },
  };
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the nearest N addresses" (proxy-addr's
 * meaning): this Fastify treats a bare number as trusting nothing.
 */
function fastifyTrustProxy(value: AppConfig['trustProxy']) {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value ?? false;
}

/** /metrics (METRICS_ENABLED on this port, or METRICS_PORT on its own) and its request hook. */
function installObservability(app: FastifyInstance, deps: AppDeps, metrics: Metrics | undefined) {
  if (!metrics) return;
  const { metricsPort } = deps.config;
  metrics.install(app);
  if (metricsPort === undefined) {
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      const { contentType, body } = await metrics.text();
      return reply.type(contentType).send(body);
    });
    return;
  }
  // In a cluster the primary serves METRICS_PORT, with every worker's metrics.
  if (cluster.isWorker) return;
  const server = metricsServer(metrics);
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(metricsPort, deps.config.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
}

/**
 * The import jobs: this process takes waiting imports once it is ready (IMPORT_POLL_MS,
 * off when 0 or unset, as in tests that run jobs themselves) and gives its job back on close.
 * Closing tells the worker to stop at once, but waits for its batch only once the server has
 * stopped listening: until then new connections would be accepted only to be answered 503.
 */
function installImportWorker(app: FastifyInstance, ctx: AppContext) {
  const pollMs = ctx.config.importPollMs ?? 0;
  if (pollMs <= 0) return;
  let stopped: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    ctx.importWorker = startImportWorker({ db: ctx.db, mailer: ctx.mailer, log: app.log }, pollMs);
  });
  app.addHook('preClose', async () => {
    stopped = ctx.importWorker?.stop();
    stopped?.catch(() => {}); // awaited, with its failure, on close
  });
  app.addHook('onClose', async () => {
    await stopped;
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
