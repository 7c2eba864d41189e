// CSV written by the database itself: `COPY (SELECT …) TO STDOUT` with every field
// quoted, streamed from a connection of the export pool through pg-copy-streams, or from PGlite's
// COPY to '/dev/blob' a window of rows at a time. The SELECT computes the Spanish labels and
// values, so Node only passes bytes on: PostgreSQL ends a record with '\n' and the portal's CSV
// (csv.ts) with '\r\n', which CrlfRecords adds outside quoted fields.
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { connectWithin, discardClient, releaseClient, withDeadline } from './postgres-pool.ts';
import type { Database } from './types.ts';

const QUOTE = 0x22;
const LF = 0x0a;
const CRLF = Buffer.from('\r\n');

/** The COPY statement of a SELECT: CSV, every value quoted (the SELECT turns nulls into ''). */
export const copyStatement = (select: string, target = 'STDOUT') =>
  `COPY (${select}) TO ${target} WITH (FORMAT csv, FORCE_QUOTE *)`;

/**
 * Turns PostgreSQL's record ends ('\n' outside quotes) into '\r\n' and counts the records. Every
 * field is quoted, so a '\n' is a record's end exactly when an even number of quotes came before
 * it in the record (a quote inside a value is doubled). State carries over between chunks.
 */
export class CrlfRecords {
  records = 0;
  private quoted = false;

  convert(chunk: Uint8Array): Buffer {
    const input = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const ends: number[] = [];
    let quoted = this.quoted;
    for (let i = 0; i < input.length; i++) {
      const byte = input[i];
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) ends.push(i);
    }
    this.quoted = quoted;
    this.records += ends.length;
    if (ends.length === 0) return input;
    const output = Buffer.allocUnsafe(input.length + ends.length);
    let from = 0;
    let to = 0;
    for (const end of ends) {
      to += input.copy(output, to, from, end);
      to += CRLF.copy(output, to);
      from = end + 1;
    }
    input.copy(output, to, from);
    return output;
  }
}

/**
 * The CSV rows of `select` from a connection of `pool`. The connection goes back to the pool when
 * the last row is read; when the reader stops early (a cancelled or broken download: the caller
 * calls return() on this generator), its socket is destroyed at once, which ends the COPY on the
 * server, and the connection is discarded.
 */
export async function* pgCopyCsv(
  pool: pg.Pool,
  select: string,
  deadlines: { connect: number; statement: number },
): AsyncGenerator<Buffer> {
  const client = await connectWithin(pool, deadlines.connect);
  let finished = false;
  try {
    const stream = client.query(copyTo(copyStatement(select)));
    const records = new CrlfRecords();
    const chunks = stream[Symbol.asyncIterator]();
    // Each answer is awaited with the deadline: a server that stops answering, before the first
    // rows or in the middle, fails the export instead of holding the request.
    const read = () => withDeadline(client, deadlines.statement, chunks.next());
    for (let next = await read(); !next.done; next = await read()) {
      yield records.convert(next.value as Buffer);
    }
    finished = true;
  } finally {
    if (finished) releaseClient(client);
    else discardClient(client);
  }
}

/** Rows a PGlite COPY writes at a time: the window's CSV is in memory (about 2 MB). */
const PGLITE_WINDOW = 10_000;

/**
 * The CSV rows of `select` on PGlite: COPY to '/dev/blob' over windows of PGLITE_WINDOW rows of
 * the SELECT (which must have a total order), each run while the dialect's queue is held (so it
 * never lands inside another request's transaction), and the queue let go between windows so
 * other requests are answered while a long export runs.
 */
export async function* pgliteCopyCsv(
  db: Kysely<Database>,
  pglite: PGlite,
  select: string,
): AsyncGenerator<Buffer> {
  const records = new CrlfRecords();
  for (let offset = 0; ; offset += PGLITE_WINDOW) {
    const window = `select * from (${select}) as export_rows limit ${PGLITE_WINDOW} offset ${offset}`;
    const blob = await db.connection().execute(async () => {
      const result = await pglite.query(copyStatement(window, `'/dev/blob'`));
      return result.blob;
    });
    const before = records.records;
    if (blob) {
      const reader = blob.stream().getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        yield records.convert(read.value);
      }
    }
    if (records.records - before < PGLITE_WINDOW) return;
  }
}
