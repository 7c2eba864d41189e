// Prometheus metrics (prom-client): request count and duration by route and status,
// the PostgreSQL pool, event-loop lag and the process. Off unless METRICS_ENABLED (served at
// /metrics on the main port) or METRICS_PORT (served on that port only, for a private network).
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/connection.ts';
import type { ReplicaSet, ReplicaStatus } from '../db/read-replicas.ts';
import { clusterMetricsFromPrimary, shareWithPrimary } from '../process/metrics-ipc.ts';

export function createMetrics(handle: DatabaseHandle) {
  // One registry per app: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // process, heap, GC, nodejs_eventloop_lag_*
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const webhooks = webhookCounters(registry);
  const stats = handle.poolStats;
  if (stats) {
    type PoolStats = ReturnType<NonNullable<DatabaseHandle['poolStats']>>;
    const gauge = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pick(stats()));
        },
      });
    gauge('db_pool_connections', 'PostgreSQL pool connections open', (s) => s.total);
    gauge('db_pool_idle_connections', 'PostgreSQL pool connections idle', (s) => s.idle);
    gauge('db_pool_waiting_requests', 'Queries waiting for a pool connection', (s) => s.waiting);
    gauge('db_pool_max_connections', 'PostgreSQL pool size', (s) => s.max);
  }
  const pipeline = handle.pipelineStats;
  if (pipeline) {
    new Gauge({
      name: 'db_pipelined_connections',
      help: 'PostgreSQL connections open for pipelined reads',
      registers: [registry],
      collect() {
        this.set(pipeline().connections);
      },
    });
    new Gauge({
      name: 'db_pipelined_statements_waiting',
      help: 'Reads sent on pipelined connections and not yet answered',
      registers: [registry],
      collect() {
        this.set(pipeline().waiting);
      },
    });
    new Counter({
      name: 'db_batched_statements_total',
      help: 'Statements that carried several reads of one statement sent together',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pipeline().batches);
      },
    });
    new Counter({
      name: 'db_batched_reads_total',
      help: 'Reads answered by a statement that carried several of them',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(pipeline().batchedReads);
      },
    });
  }

  if (handle.replicas) installReplicaMetrics(registry, handle.replicas);
  // A cluster worker's metrics go to the primary, which sums them all (process/cluster-metrics.ts).
  const worker = cluster.isWorker;
  if (worker) shareWithPrimary(registry);

  return {
    registry,
    webhooks,
    /** Counts every answered request; the route is its pattern (never the raw URL). */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
      });
    },
    /** The text /metrics answers. */
    async text() {
      if (worker) return clusterMetricsFromPrimary();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Reads by target (primary or replica) and each replica's state, read when /metrics is asked. */
function installReplicaMetrics(registry: Registry, replicas: ReplicaSet) {
  new Counter({
    name: 'db_reads_total',
    // A read the replica failed and the primary ran again counts once, as primary.
    help: 'Reads that may use a replica, each counted once, by the target that answered it',
    labelNames: ['target'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ target: 'primary' }, replicas.reads.primary);
      this.inc({ target: 'replica' }, replicas.reads.replica);
    },
  });
  // In a cluster the primary process adds the workers' metrics up: a gauge here takes the worst.
  const each = (
    name: string,
    help: string,
    aggregator: 'min' | 'max',
    pick: (status: ReplicaStatus) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      aggregator,
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        this.reset();
        for (const status of replicas.status()) {
          const value = pick(status);
          if (value !== null) this.set({ replica: status.name }, value);
        }
      },
    });
  each('db_replica_up', 'Whether the replica answered its last check (1) or not (0)', 'min', (s) =>
    s.up ? 1 : 0,
  );
  each(
    'db_replica_in_use',
    'Whether reads may go to the replica now (up and within REPLICA_MAX_LAG_MS)',
    'min',
    (s) => (s.in_use ? 1 : 0),
  );
  each(
    'db_replica_lag_ms',
    'How far behind the primary the replica was at its last check',
    'max',
    (s) => s.lag_ms,
  );
}

export type WebhookProvider = 'stripe' | 'paypal';
/** Why a well-signed event wrote nothing: seen before, older than what is stored, or a type we do not use. */
export type WebhookSkip = 'duplicate' | 'stale' | 'ignored';

/** The payment webhooks' counters, by provider. */
export interface WebhookCounters {
  received(provider: WebhookProvider): void;
  applied(provider: WebhookProvider): void;
  rejected(provider: WebhookProvider): void;
  unmatched(provider: WebhookProvider): void;
  skipped(provider: WebhookProvider, reason: WebhookSkip): void;
}

function webhookCounters(registry: Registry): WebhookCounters {
  const counter = (name: string, help: string, labelNames: string[] = ['provider']) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const received = counter('webhook_events_received_total', 'Payment webhook deliveries received');
  const applied = counter('webhook_events_applied_total', 'Payment webhook events written');
  const rejected = counter(
    'webhook_events_rejected_total',
    'Payment webhook deliveries refused for a missing, wrong or stale signature',
  );
  const unmatched = counter(
    'webhook_events_unmatched_total',
    'Payment webhook events kept as unmatched (no business found)',
  );
  const skipped = counter(
    'webhook_events_skipped_total',
    'Well-signed payment webhook events that wrote nothing (duplicate, stale, ignored type)',
    ['provider', 'reason'],
  );
  return {
    received: (provider) => received.inc({ provider }),
    applied: (provider) => applied.inc({ provider }),
    rejected: (provider) => rejected.inc({ provider }),
    unmatched: (provider) => unmatched.inc({ provider }),
    skipped: (provider, reason) => skipped.inc({ provider, reason }),
  };
}

/** Counters that count nothing, when metrics are off. */
export const NO_WEBHOOK_COUNTERS: WebhookCounters = {
  received() {},
  applied() {},
  rejected() {},
  unmatched() {},
  skipped() {},
};

/** A plain HTTP server answering GET /metrics on its own port (METRICS_PORT). */
export function metricsServer(metrics: Pick<Metrics, 'text'>): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
}
