// The bench's load generator, on its own thread so that the figures are the server's and not the
// client's own request handling on the bench's event loop. For each job
// { origin, requests, clients, warmupSeconds, seconds }, `clients` loops take the requests in turn
// (round robin over one shared list) on keep-alive connections, each waiting for the whole body
// before sending its next. Nothing is recorded during the warm-up; after it, each request is timed
// from send to last byte. The thread stays up between jobs.
import { Agent, request } from 'node:http';
import { parentPort } from 'node:worker_threads';

/** One request; resolves to its status (0 for a network error) once the body has been read. */
function send(agent, origin, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const req = request(new URL(path, origin), { method, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

parentPort.on('message', async ({ origin, requests, clients, warmupSeconds, seconds }) => {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const times = [];
  const statuses = {};
  let next = 0;
  const warmEnd = performance.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const item = requests[next++ % requests.length];
        const t0 = performance.now();
        const status = await send(agent, origin, item);
        if (t0 < warmEnd) continue;
        times.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  // The last requests end after `end`: the measured window runs until the last one finished.
  const wallMs = performance.now() - warmEnd;
  agent.destroy();
  parentPort.postMessage({ times, statuses, wallMs });
});
