// Values written into SQL text, for the statements that cannot take bind parameters: a COPY runs
// on the simple query protocol (copy-csv.ts). Strings follow node-postgres's escapeLiteral: quotes
// doubled, and an E'' string with doubled backslashes when there is one, so the text reads the
// same whatever standard_conforming_strings is.

export type SqlLiteralValue = string | number | boolean | Date | null;

export function sqlLiteral(value: SqlLiteralValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return `${sqlLiteral(value.toISOString())}::timestamptz`;
  if (value.includes('\0')) throw new TypeError('A SQL string cannot hold a NUL character');
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}
