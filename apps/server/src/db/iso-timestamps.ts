// node-postgres turns every timestamptz into a Date, and an answer writes each Date back out as
// ISO 8601 text. On the directory's page (two timestamps in each of its ten rows) the parsing and
// the formatting were a tenth of the server's CPU per request (docs/performance.md, "Timestamps
// read as text"). A statement marked here gets PostgreSQL's own text turned into that same ISO
// text directly, when it is in UTC; any other text (another session time zone, a year past 9999,
// BC, infinity) is still parsed into a Date. Its rows therefore hold a string or a Date, which
// the serializer writes alike (http/response-serializer.ts). Mark only a statement whose rows go
// straight into an answer: nothing may compare or compute with these values.
import pg from 'pg';
import { connectionParser } from './postgres-pool.ts';
import { textMarks } from './text-marks.ts';

const TIMESTAMPTZ = 1184;
const marks = textMarks();

/** Lets this text's timestamps come back as ISO 8601 text (see above). */
export const timestampsAsText = (text: string): void => marks.mark(text);

export const hasTimestampsAsText = (text: string): boolean => marks.has(text);

const parseAsDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date | string;

/**
 * '2026-12-01 02:26:47.064123+00' → '2026-12-01T02:26:47.064Z', as the Date parsed from it would
 * write itself (milliseconds cut, not rounded, as the Date keeps them); other texts → a Date.
 */
export function isoTimestamp(value: string): Date | string {
  const length = value.length;
  const inUtc =
    length >= 22 &&
    length <= 29 &&
    value.endsWith('+00') &&
    value[4] === '-' &&
    value[7] === '-' &&
    value[10] === ' ' &&
    value[13] === ':' &&
    value[16] === ':' &&
    (length === 22 || (value[19] === '.' && length >= 24));
  if (!inUtc) return parseAsDate(value);
  const millis = length === 22 ? '.000' : `${value.slice(19, length - 3)}000`.slice(0, 4);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}${millis}Z`;
}

/** The connections' parsers (postgres-pool.ts), with timestamptz read as above. */
export const TIMESTAMPS_AS_TEXT: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ && format !== 'binary'
      ? isoTimestamp
      : connectionParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
