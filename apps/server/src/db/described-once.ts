// A prepared statement's rows have the same columns every time it runs on one connection:
// PostgreSQL refuses to run it once they would change ('cached plan must not change result type',
// after which the pool runs its text unnamed for good, postgres-pool.ts). node-postgres still asks
// for the columns on every run (a Describe, answered by a RowDescription), looks up each column's
// parser again, and builds each row by copying an empty row and assigning its columns one by one
// under names V8 cannot predict. Here a named statement is described on its first run on a
// connection only; its rows are then built by a function made for its columns, which V8 sees as
// one shape of object (docs/performance.md, "Statements described once").
import pg from 'pg';

type Parser = (value: string) => unknown;
type Build = (fields: readonly (string | null)[]) => Record<string, unknown>;

export interface Column {
  name: string;
  dataTypeID: number;
  format?: string;
}

interface Shape {
  /** The parsers' source (the statement's types, or the connection's). */
  types: unknown;
  build: Build;
}

/** node-postgres's own mapping of a value to its text on the wire (pg.utils, not in its types). */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils
  .prepareValue;
if (typeof prepareValue !== 'function') throw new Error('node-postgres no longer has utils.prepareValue');

/** By connection, then by statement name: the shape of its rows, as its first run described it. */
const shapes = new WeakMap<object, Map<string, Shape>>();

/** Column names written as property names in the generated function; any other is left to pg. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The row builder for these columns, or undefined to leave them to node-postgres (binary columns,
 * or a name that is not a plain identifier, or one that would set the object's prototype).
 */
export function rowBuilder(
  columns: readonly Column[],
  parserOf: (column: Column) => Parser,
): Build | undefined {
  const plain = columns.every(
    (column) => column.format !== 'binary' && PLAIN_NAME.test(column.name) && column.name !== '__proto__',
  );
  if (!plain) return undefined;
  const parsers = columns.map(parserOf);
  // A name given twice keeps its first place and its last value, as node-postgres's rows do.
  const properties = columns.map((column, i) => `${column.name}: f[${i}] === null ? null : p[${i}](f[${i}])`);
  return new Function('p', `return (f) => ({ ${properties.join(', ')} });`)(parsers) as Build;
}

/** What of node-postgres's Connection and Result this uses (not in its types). */
interface Connection {
  parsedStatements: Record<string, string | undefined>;
  bind(config: object): void;
  execute(config: { portal: string }): void;
  sync(): void;
  close(config: { type: 'S'; name: string }): void;
}
interface Result {
  rows: Record<string, unknown>[];
  _types?: { getTypeParser(oid: number, format?: string): Parser };
}
interface QueryInternals {
  name?: string;
  text: string;
  _result: Result;
  portal: string;
  binary?: boolean;
  values?: unknown[];
  _canceledDueToError?: unknown;
  handleError(error: unknown, connection: Connection): void;
}

type Callback = (error: Error | null, result: pg.QueryResult) => void;

/** A named statement's run: described on its connection's first run only (see above). */
export class DescribedOnce extends pg.Query {
  private connection?: Connection;
  private shape?: Shape;

  constructor(name: string, text: string, values: unknown[] | undefined, types: unknown, callback: Callback) {
    super({ name, text, values, types } as pg.QueryConfig, undefined, callback as never);
  }

  private get internals(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  /** node-postgres's prepare, without the Describe once this connection has described the statement. */
  prepare(connection: Connection): void {
    this.connection = connection;
    const query = this.internals;
    const name = query.name ?? '';
    const known =
      connection.parsedStatements[name] === query.text ? shapes.get(connection)?.get(name) : undefined;
    if (!known || known.types !== this.typesSource()) {
      (pg.Query.prototype as unknown as { prepare(c: Connection): void }).prepare.call(this, connection);
      return;
    }
    this.shape = known;
    try {
      connection.bind({
        portal: query.portal,
        statement: name,
        values: query.values,
        binary: query.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.sync();
      query.handleError(error, connection);
      return;
    }
    connection.execute({ portal: query.portal });
    connection.sync();
  }

  handleRowDescription(message: { fields: Column[] }): void {
    const types = this.typesSource();
    const build = rowBuilder(message.fields, (column) =>
      types.getTypeParser(column.dataTypeID, column.format ?? 'text'),
    );
    if (!build) {
      (pg.Query.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(
        this,
        message,
      );
      return;
    }
    this.shape = { types, build };
    const connection = this.connection;
    const name = this.internals.name;
    if (!connection || !name) return;
    let byName = shapes.get(connection);
    if (!byName) {
      byName = new Map();
      shapes.set(connection, byName);
    }
    byName.set(name, this.shape);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (!this.shape) {
      (pg.Query.prototype as unknown as { handleDataRow(m: unknown): void }).handleDataRow.call(
        this,
        message,
      );
      return;
    }
    const query = this.internals;
    if (query._canceledDueToError) return;
    try {
      query._result.rows.push(this.shape.build(message.fields));
    } catch (error) {
      // Reported when the statement ends, as node-postgres reports a row it could not parse.
      query._canceledDueToError = error;
    }
  }

  /** The parsers' source: the statement's own types, or the connection's (set by client.query). */
  private typesSource(): NonNullable<Result['_types']> {
    const types = this.internals._result._types;
    if (!types) throw new Error('A query ran before node-postgres gave it its types');
    return types;
  }
}
