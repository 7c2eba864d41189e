// The benches' load generator, on its own thread so that the figures are the server's and not
// the client's own fetch and stream handling on the server's event loop. For each job
// { origin, headers, urls, clients }, `clients` loops share one queue of URLs and time each
// request from send to last byte; the thread stays up between jobs, so its fetch stays warm.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', async ({ origin, headers, urls, clients }) => {
  const times = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        const t0 = performance.now();
        const res = await fetch(origin + url, { headers });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  parentPort.postMessage({ times, statuses, wallMs: performance.now() - started });
});
