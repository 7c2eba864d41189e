// /metrics in a cluster: the primary sums the workers' metrics (metrics-gather.ts, with
// prom-client's aggregation: counters and histograms added up, gauges summed or averaged as
// prom-client defines them) and adds its own (workers running and answering, replacements). A worker asked for /metrics on the main port
// (METRICS_ENABLED) asks the primary over IPC; METRICS_PORT is served by the primary itself.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { Counter, Gauge, Registry } from 'prom-client';
import type { AppConfig } from '../config.ts';
import { metricsServer } from '../http/metrics.ts';
import { metricsGatherer } from './metrics-gather.ts';
import { METRICS_ANSWER as ANSWER, type MetricsText, METRICS_REQUEST as REQUEST } from './metrics-ipc.ts';

export async function serveClusterMetrics(config: AppConfig, log: Logger) {
  const enabled = config.metricsEnabled || config.metricsPort !== undefined;
  const gatherer = metricsGatherer();
  cluster.on('message', (worker, message) => gatherer.onMessage(worker, message));
  cluster.on('exit', (worker) => gatherer.onExit(worker));
  const own = new Registry();
  new Gauge({
    name: 'cluster_workers',
    help: 'Server processes running (WEB_CONCURRENCY)',
    registers: [own],
    collect() {
      this.set(Object.keys(cluster.workers ?? {}).length);
    },
  });
  const restarts = new Counter({
    name: 'cluster_worker_restarts_total',
    help: 'Server processes that died and were replaced',
    registers: [own],
  });
  const reporting = new Gauge({
    name: 'cluster_workers_reporting',
    help: 'Server processes whose metrics this scrape sums (one starting or stuck is left out)',
    registers: [own],
  });
  const text = async (): Promise<MetricsText> => {
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const summed = await gatherer.gather(workers);
    reporting.set(summed.answered);
    return { contentType: summed.contentType, body: `${summed.text}\n${await own.metrics()}` };
  };

  let server: Server | undefined;
  if (enabled) {
    cluster.on('message', (worker, message: { type?: string; id?: number }) => {
      if (message?.type !== REQUEST) return;
      text().then(
        (answer) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, ...answer }),
        (error: unknown) =>
          worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: String(error) }),
      );
    });
  }
  if (config.metricsPort !== undefined) {
    server = metricsServer({ text });
    const port = config.metricsPort;
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, config.host, () => resolve());
    });
    log.info(`metrics of every server process at http://${config.host}:${port}/metrics`);
  }
  return {
    restarted: () => restarts.inc(),
    close: async () => {
      if (server?.listening) await new Promise((resolve) => server?.close(resolve));
    },
  };
}
