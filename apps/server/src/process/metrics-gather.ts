// The primary's side of a cluster's /metrics: it asks each worker that has said its metrics are
// ready for them, and sums what comes back within a deadline. A worker still starting (not ready
// yet) or one that does not answer in time (stopping, stuck) is left out of that scrape, which
// still answers, rather than every scrape failing for as long as one worker is not there.
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';

export const METRICS_READY = 'portal:metrics-ready';
export const METRICS_JSON_REQUEST = 'portal:metrics-json-request';
export const METRICS_JSON_ANSWER = 'portal:metrics-json-answer';
const ANSWER_WITHIN_MS = 2_000;

type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];

export interface MetricsWorker {
  id: number;
  isConnected(): boolean;
  send(message: object): unknown;
}

interface Answer {
  type?: string;
  id?: number;
  metrics?: WorkerMetrics;
}

export function metricsGatherer(answerWithinMs = ANSWER_WITHIN_MS) {
  const ready = new Set<number>();
  const waiting = new Map<number, (metrics: WorkerMetrics) => void>();
  let nextId = 0;

  const ask = (worker: MetricsWorker) =>
    new Promise<WorkerMetrics | undefined>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, answerWithinMs);
      timer.unref();
      waiting.set(id, (metrics) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(metrics);
      });
      worker.send({ type: METRICS_JSON_REQUEST, id });
    });

  return {
    /** A worker's message: it is ready, or it answers a request. */
    onMessage(worker: MetricsWorker, message: Answer) {
      if (message?.type === METRICS_READY) ready.add(worker.id);
      else if (message?.type === METRICS_JSON_ANSWER && message.id !== undefined && message.metrics)
        waiting.get(message.id)?.(message.metrics);
    },
    onExit(worker: MetricsWorker) {
      ready.delete(worker.id);
    },
    /** The ready workers' metrics, summed as prom-client's cluster aggregation does; how many answered. */
    async gather(workers: MetricsWorker[]) {
      const asked = workers.filter((worker) => ready.has(worker.id) && worker.isConnected());
      const answers = (await Promise.all(asked.map(ask))).filter((metrics) => metrics !== undefined);
      const registry = AggregatorRegistry.aggregate(answers);
      return { text: await registry.metrics(), contentType: registry.contentType, answered: answers.length };
    },
  };
}
