// The primary's sum of its workers' metrics answers even while a worker is starting (it has not
// said it is ready) or does not answer (stuck, stopping): that worker is left out of the scrape.
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import {
  METRICS_JSON_ANSWER,
  METRICS_JSON_REQUEST,
  METRICS_READY,
  metricsGatherer,
} from './metrics-gather.ts';

type Gatherer = ReturnType<typeof metricsGatherer>;

/** A worker whose registry counted `requests`, answering the primary's requests unless `silent`. */
async function worker(gatherer: Gatherer, id: number, requests: number, silent = false) {
  const registry = new Registry();
  new Counter({ name: 'http_requests_total', help: 'requests', registers: [registry] }).inc(requests);
  const self = {
    id,
    isConnected: () => true,
    send(message: { type: string; id: number }) {
      if (silent || message.type !== METRICS_JSON_REQUEST) return;
      void registry
        .getMetricsAsJSON()
        .then((metrics) => gatherer.onMessage(self, { type: METRICS_JSON_ANSWER, id: message.id, metrics }));
    },
  };
  return self;
}

const total = (text: string) => Number(/^http_requests_total (\d+)$/m.exec(text)?.[1]);

describe('metricsGatherer', () => {
  it('sums the ready workers, and leaves out one still starting or one that does not answer', async () => {
    const gatherer = metricsGatherer(200);
    const first = await worker(gatherer, 1, 3);
    const second = await worker(gatherer, 2, 4);
    const starting = await worker(gatherer, 3, 100);
    const stuck = await worker(gatherer, 4, 1000, true);
    for (const ready of [first, second, stuck]) gatherer.onMessage(ready, { type: METRICS_READY });

    const summed = await gatherer.gather([first, second, starting, stuck]);
    expect(summed.answered).toBe(2);
    expect(total(summed.text)).toBe(7);

    // Once the starting one is ready, it counts.
    gatherer.onMessage(starting, { type: METRICS_READY });
    expect(total((await gatherer.gather([first, second, starting, stuck])).text)).toBe(107);
  });

  it('leaves out a worker that exited, and answers with no worker at all', async () => {
    const gatherer = metricsGatherer(200);
    const gone = await worker(gatherer, 1, 5);
    gatherer.onMessage(gone, { type: METRICS_READY });
    gatherer.onExit(gone);
    const summed = await gatherer.gather([gone]);
    expect(summed.answered).toBe(0);
    expect(summed.text.trim()).toBe('');
  });
});
