// Exports (CSV and XLSX) stream from the export pool (two connections): a COPY or a cursor. The
// first chunks (the header row, then the first rows) are read before the 200 goes out, so an
// export that cannot get a connection in time, or meets a database fault, answers a clean 503
// with Retry-After instead of a 200 cut off after its header row.
import { Readable } from 'node:stream';
import { CSV_BOM, type CsvValue, csvRow } from '@portal/contract/csv';
import { EXPORT_MEDIA_TYPES, EXPORT_TOTAL_HEADER, type ExportFormat } from '@portal/contract/exports';
import type { FastifyReply } from 'fastify';

const PRIMED_CHUNKS = 2;

type Chunks = AsyncGenerator<string | Uint8Array>;

async function primed(chunks: Chunks): Promise<Readable> {
  const head: (string | Uint8Array)[] = [];
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
function closeWithClient(reply: FastifyReply, body: Readable, chunks: Chunks): void {
  const close = () => {
    body.destroy();
    chunks.return(undefined).catch(() => {});
  };
  const response = reply.raw;
  if (response.closed || response.destroyed) close();
  else response.once('close', () => response.writableFinished || close());
}

export interface Download {
  fileName: string;
  format: ExportFormat;
  chunks: Chunks;
  /** The export's audit row: written before the download starts (see sendExport). */
  beforeSend: () => Promise<unknown>;
  /** The number of rows, when known before the first one (the portal's progress). */
  total?: number | null;
}

/**
 * Sends an export once its first rows are read. `beforeSend` (the export's audit row) runs first:
 * on PGlite the export's stream holds the one connection until it ends, so the audit row could
 * not be written while a started export waits. An export that then cannot start answers 503 and
 * its audit row records the attempt.
 */
export async function sendExport(reply: FastifyReply, download: Download) {
  await download.beforeSend();
  const body = await primed(download.chunks);
  closeWithClient(reply, body, download.chunks);
  reply
    .header('content-type', EXPORT_MEDIA_TYPES[download.format])
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store');
  if (download.total !== undefined && download.total !== null) {
    reply.header(EXPORT_TOTAL_HEADER, String(download.total));
  }
  return reply.send(body);
}

/** Sends `chunks` as a CSV download (sendExport). */
export const sendCsv = (
  reply: FastifyReply,
  fileName: string,
  chunks: Chunks,
  beforeSend: () => Promise<unknown>,
) => sendExport(reply, { fileName, format: 'csv', chunks, beforeSend });

const ROWS_PER_CHUNK = 200;

/** A CSV written from Node: the BOM and headers, then the rows, ROWS_PER_CHUNK to a chunk. */
export async function* csvChunks(
  headers: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(headers);
  let chunk = '';
  let count = 0;
  for await (const row of rows) {
    chunk += csvRow(row);
    count += 1;
    if (count % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
