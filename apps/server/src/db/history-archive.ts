// The archive of one month of history: a gzipped CSV with a header row of column
// names, every value as PostgreSQL's text for it (so it loads back exactly), quoted; NULL is the
// one unquoted empty field (PostgreSQL's CSV convention). Written and read as streams: a month
// of a large change log does not have to fit in memory.
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export type ArchiveValue = string | null;

const quote = (value: ArchiveValue): string => (value === null ? '' : `"${value.replace(/"/g, '""')}"`);

export interface ArchiveWriter {
  write(row: ArchiveValue[]): Promise<void>;
  /** Finishes the file and moves it into place; returns the rows written. */
  close(): Promise<number>;
  abort(): void;
}

/** Writes `<file>.partial`, renamed to `file` once complete: a file under its name is whole. */
export function archiveWriter(file: string, header: string[]): ArchiveWriter {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  gzip.pipe(out);
  let rows = 0;
  const put = async (line: string) => {
    if (!gzip.write(`${line}\r\n`)) await once(gzip, 'drain');
  };
  const headerWritten = put(header.map((name) => quote(name)).join(','));
  return {
    async write(row) {
      await headerWritten;
      await put(row.map(quote).join(','));
      rows += 1;
    },
    async close() {
      await headerWritten;
      gzip.end();
      await finished(out);
      renameSync(partial, file);
      return rows;
    },
    abort() {
      gzip.destroy();
      out.destroy();
      rmSync(partial, { force: true });
    },
  };
}

/**
 * The records of a CSV stream, one array of fields each: quoted fields may hold commas, quotes
 * ("") and line breaks; an unquoted empty field is null.
 */
export async function* csvRecords(input: Readable): AsyncGenerator<ArchiveValue[]> {
  let record: ArchiveValue[] = [];
  let field = '';
  let quoted = false; // the current field started with a quote
  let inQuotes = false; // inside its quotes now
  let pendingQuote = false; // a quote seen inside quotes: the end, or the first of ""
  let started = false; // the current record has any character
  const endField = () => {
    record.push(quoted || field !== '' ? field : null);
    field = '';
    quoted = false;
  };
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    const done: ArchiveValue[][] = [];
    for (const char of chunk) {
      if (pendingQuote) {
        pendingQuote = false;
        if (char === '"') {
          field += '"';
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (char === '"') pendingQuote = true;
        else field += char;
        continue;
      }
      if (char === '"' && field === '' && !quoted) {
        quoted = true;
        inQuotes = true;
        started = true;
      } else if (char === ',') {
        endField();
        started = true;
      } else if (char === '\n') {
        if (started) {
          endField();
          done.push(record);
        }
        record = [];
        started = false;
      } else if (char !== '\r') {
        field += char;
        started = true;
      }
    }
    yield* done;
  }
  if (inQuotes && !pendingQuote) throw new Error('the archive ends inside a quoted value: it is cut short');
  if (started) {
    endField();
    yield record;
  }
}

/** The records of a gzipped CSV file (see csvRecords). */
export function archiveRecords(file: string): AsyncGenerator<ArchiveValue[]> {
  return csvRecords(createReadStream(file).pipe(createGunzip()));
}
