// A cluster worker's side of /metrics (process/cluster-metrics.ts is the primary's): it answers
// the primary's requests for its own metrics, and asks the primary for the sum of them all.
import type { Registry } from 'prom-client';
import { METRICS_JSON_ANSWER, METRICS_JSON_REQUEST, METRICS_READY } from './metrics-gather.ts';

export const METRICS_REQUEST = 'portal:metrics-request';
export const METRICS_ANSWER = 'portal:metrics-answer';
const ANSWER_TIMEOUT_MS = 10_000;

export interface MetricsText {
  contentType: string;
  body: string;
}

let nextRequest = 0;
const waiting = new Map<number, { resolve(text: MetricsText): void; reject(error: Error): void }>();
let listening = false;

/** In a worker: the whole cluster's metrics, from the primary. */
export function clusterMetricsFromPrimary(): Promise<MetricsText> {
  if (!listening) {
    listening = true;
    process.on('message', (message: { type?: string; id: number; error?: string } & Partial<MetricsText>) => {
      if (message?.type !== METRICS_ANSWER) return;
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      if (!request) return;
      if (message.error || message.body === undefined)
        request.reject(new Error(message.error ?? 'no metrics'));
      else request.resolve({ contentType: message.contentType ?? 'text/plain', body: message.body });
    });
  }
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not send the metrics in time'));
    }, ANSWER_TIMEOUT_MS);
    timer.unref();
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/**
 * In a worker: answers the primary's requests for this process's metrics (`registry`), and tells
 * the primary it is ready to (until then, a scrape leaves this worker out rather than wait for it).
 */
export function shareWithPrimary(registry: Registry): void {
  process.on('message', (message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_JSON_REQUEST) return;
    void registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: METRICS_JSON_ANSWER, id: message.id, metrics }),
      () => {}, // no answer: the primary leaves this worker out of that scrape
    );
  });
  process.send?.({ type: METRICS_READY });
}
