// A scripted fetch for unit tests: each route answers from its own queue, calls are recorded.
import { vi } from 'vitest';

export interface RecordedCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';

export function installFakeFetch() {
  const queues = new Map<string, Answer[]>();
  const calls: RecordedCall[] = [];
  const gates = new Map<string, Promise<void>>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    calls.push({
      path: url.pathname + url.search,
      method,
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const gate = gates.get(key);
    if (gate) await gate;
    const answer = queues.get(key)?.shift();
    if (!answer) throw new Error(`unexpected fetch ${key}`);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** Queue answers for `METHOD /path`, used in order. */
    on(key: string, ...answers: Answer[]) {
      queues.set(key, [...(queues.get(key) ?? []), ...answers]);
    },
    /** Hold every call to `key` until the returned function is called. */
    hold(key: string): () => void {
      let release: () => void = () => {};
      gates.set(
        key,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        gates.delete(key);
        release();
      };
    },
    callsTo(path: string) {
      return calls.filter((call) => call.path === path);
    },
  };
}
