// A repository's SELECT list is its response record: the record's fields (packages/contract
// responses.ts) less those its service derives. A column added to the table (migration, then
// `npm run db:types`) and to the record is then selected with no other edit.
import type { z } from 'zod';
import type { Database } from './types.ts';

type Fields<Shape, Derived> = Exclude<keyof Shape & string, Derived>;

/** A compile error naming the record fields that are neither columns of `table` nor derived. */
type NotColumns<Table extends keyof Database, Names> = {
  error: 'record fields that are not columns of the table: list them as derived';
  table: Table;
  fields: Exclude<Names, keyof Database[Table]>;
};

export function recordColumns<
  Table extends keyof Database,
  Shape extends z.ZodRawShape,
  Derived extends keyof Shape & string = never,
>(
  _table: Table,
  record: z.ZodObject<Shape>,
  derived: readonly Derived[] = [],
): Fields<Shape, Derived> extends keyof Database[Table]
  ? readonly Fields<Shape, Derived>[]
  : NotColumns<Table, Fields<Shape, Derived>> {
  const skip = new Set<string>(derived);
  return Object.keys(record.shape).filter((field) => !skip.has(field)) as never;
}

/** `table.column` for each column, for a SELECT that joins another table. */
export const qualified = <Table extends string, Column extends string>(
  table: Table,
  columns: readonly Column[],
) => columns.map((column) => `${table}.${column}` as const);
