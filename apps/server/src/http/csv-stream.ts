// CSV exports stream from a cursor on the export pool (two connections). The first chunks (the
// header row, then the first rows) are read before the 200 goes out, so an export that cannot get
// a connection in time, or meets a database fault, answers a clean 503 with Retry-After instead
// of a 200 cut off after its header row.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const PRIMED_CHUNKS = 2;

async function primed(chunks: AsyncGenerator<string>): Promise<Readable> {
  const head: string[] = [];
  for (let i = 0; i < PRIMED_CHUNKS; i++) {
    const next = await chunks.next();
    if (next.done) return Readable.from(head);
    head.push(next.value);
  }
  return Readable.from(
    (async function* () {
      yield* head;
      yield* chunks;
    })(),
  );
}

/**
 * Ends the export's cursor (and gives its connection back to the export pool) when the client
 * leaves before the last row. A client that left while the first rows were read has already
 * closed the response, and a stream that was never read does not pass a return() on to
 * `chunks`, so both are closed here: without this, an aborted download held its connection for
 * good, and two of them stopped every later export (found by the bench's warm-up).
 */
function closeWithClient(reply: FastifyReply, body: Readable, chunks: AsyncGenerator<string>): void {
  const close = () => {
    body.destroy();
    chunks.return(undefined).catch(() => {});
  };
  const response = reply.raw;
  if (response.closed || response.destroyed) close();
  else response.once('close', () => response.writableFinished || close());
}

/**
 * Sends `chunks` as a CSV download once its first rows are read. `beforeSend` (the export's audit
 * row) runs first: on PGlite the export's stream holds the one connection until it ends, so the
 * audit row could not be written while a started export waits. An export that then cannot start
 * answers 503 and its audit row records the attempt.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  chunks: AsyncGenerator<string>,
  beforeSend: () => Promise<unknown>,
) {
  await beforeSend();
  const body = await primed(chunks);
  closeWithClient(reply, body, chunks);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  return reply.send(body);
}
