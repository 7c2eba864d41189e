// A Kysely dialect for PGlite. PGlite is one connection, so a connection is handed out to one
// caller at a time (a queue): a transaction can never interleave with another request's queries.
import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.db.query<R>(query.sql, query.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && query.query.kind !== 'SelectQueryNode'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    // PGlite lives in this process's memory: read the result, hand it out in chunks.
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly db: PGlite) {
    this.connection = new PGliteConnection(db);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await this.raw(connection, `begin${level}`);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.raw(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.raw(connection, 'rollback');
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    if (!this.db.closed) await this.db.close();
  }

  private async raw(connection: DatabaseConnection, sql: string): Promise<void> {
    await (connection as PGliteConnection).executeQuery({
      sql,
      parameters: [],
      query: { kind: 'RawNode' },
    } as unknown as CompiledQuery);
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.db);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
