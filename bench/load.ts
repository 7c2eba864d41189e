// HTTP load through bench/load-worker.mjs (its own thread) and the figures taken from it.
import { Worker } from 'node:worker_threads';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

export interface ServerFigures extends Figures {
  statuses: Record<string, number>;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Latency figures (ms) and the rate over `wallMs`. */
export function figures(times: number[], wallMs: number, errors: number): Figures {
  const sorted = Float64Array.from(times).sort();
  return {
    requests: times.length,
    perSecond: round(wallMs > 0 ? (times.length / wallMs) * 1000 : 0),
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? Number.NaN, 2),
    errors,
  };
}

export class LoadGenerator {
  private readonly worker = new Worker(new URL('./load-worker.mjs', import.meta.url));

  constructor() {
    this.worker.unref();
  }

  /** `clients` loops over `requests` for a warm-up and then `seconds` of measurement. */
  run(
    origin: string,
    requests: BenchRequest[],
    options: { clients: number; warmupSeconds: number; seconds: number },
  ): Promise<ServerFigures> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.worker.once('error', onError);
      this.worker.once(
        'message',
        (result: { times: number[]; statuses: Record<string, number>; wallMs: number }) => {
          this.worker.off('error', onError);
          const errors = Object.entries(result.statuses)
            .filter(([status]) => !/^2\d\d$/.test(status))
            .reduce((sum, [, n]) => sum + n, 0);
          resolve({ ...figures(result.times, result.wallMs, errors), statuses: result.statuses });
        },
      );
      this.worker.postMessage({ origin, requests, ...options });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
