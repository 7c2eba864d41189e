// Statements written as text with numbered parameters, for the busiest reads: building them
// through Kysely's query builder cost more Node time per request than reading their rows.
import { CompiledQuery } from 'kysely';
import { type SqlLiteralValue, sqlLiteral } from './sql-literal.ts';

/**
 * A statement's values, named as they are added: param() answers `$n` for the text, or the value
 * itself as a literal when `inline` (a COPY takes no bind parameters).
 */
export class SqlParameters {
  readonly values: unknown[] = [];

  constructor(private readonly inline = false) {}

  param(value: unknown): string {
    if (this.inline) return sqlLiteral(value as SqlLiteralValue);
    this.values.push(value);
    return `$${this.values.length}`;
  }

  compiled<R>(text: string): CompiledQuery<R> {
    return CompiledQuery.raw(text, this.values) as CompiledQuery<R>;
  }
}
