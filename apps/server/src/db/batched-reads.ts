// Reads of one statement that arrive while that statement is already running are sent together,
// as one statement over all their parameters, instead of one each:
//
//   select s.*, r.batch_row from unnest($2::integer[]) with ordinality as r(p2, batch_row)
//     cross join lateral (<the statement, $2 read as r.p2, $1 as $1::text>) as s
//
// (the parameters that differ between the reads, such as a page's offset, as arrays; those that
// do not, such as its limit, as single values)
//
// Each read still gets its own rows: the statement starts after every read in it arrived, so none
// sees less than it would alone, and the rows are handed back by batch_row (a column they keep:
// readers name the columns they use). Reads of the same values are one row of the arrays and get
// the same rows, as two copies of it in the same statement would. Under load, n reads then cost
// one round trip and one execution start instead of n, in Node and in PostgreSQL alike
// (docs/performance.md, "Reads sent together"); a read that finds nothing of its statement running
// is sent at once, alone and as written, so it never waits for others. The reads that waited leave
// one turn of the event loop after the answer, so the requests received in that turn go with them.
//
// Only statements marked with batchable() are sent together: single SELECTs whose rows come in
// the order they are produced (a lateral join keeps it), with parameters of the types below. One
// marked { sameValuesOnly: true } is sent together only with reads of the same values, as written:
// for a statement whose plan needs to see each value (the batched form hides the varying ones).

import { isStatementError } from './errors.ts';

/**
 * How many of one statement run at once on a pool; reads that come meanwhile wait for it and go
 * together. One gave the largest batches and the most reads per second (docs/performance.md).
 */
export const RUNNING_PER_STATEMENT = 1;
/** The most reads one statement carries. */
export const MAX_BATCH = 64;
/** The most texts remembered as batchable (the directory's shapes of list are a few hundred). */
const MAX_BATCHABLE = 2_000;

/** Batchable texts, and whether each is sent together only with reads of the same values. */
const marked = new Map<string, boolean>();
const INT_MAX = 2_147_483_647;

/** Lets reads of this text be sent together (see above). */
export function batchable(text: string, options: { sameValuesOnly?: boolean } = {}): void {
  const sameValuesOnly = options.sameValuesOnly === true;
  if (marked.get(text) === sameValuesOnly) return;
  if (marked.size >= MAX_BATCHABLE) marked.clear();
  marked.set(text, sameValuesOnly);
}

export const isBatchable = (text: string): boolean => marked.has(text);

/** The array type of each parameter, or undefined when one has no type a batch can carry. */
export function parameterTypes(values: readonly unknown[]): string[] | undefined {
  const types: string[] = [];
  for (const value of values) {
    if (typeof value === 'boolean') types.push('boolean');
    else if (typeof value === 'string') types.push('text');
    else if (typeof value === 'number' && Number.isSafeInteger(value))
      types.push(Math.abs(value) <= INT_MAX ? 'integer' : 'bigint');
    else if (value instanceof Date && !Number.isNaN(value.getTime())) types.push('timestamptz');
    else return undefined;
  }
  return types;
}

/**
 * The statement that runs `text` once for each row of the arrays of its `varying` parameters; the
 * others are the same for every read and stay single values, so the planner sees them as it sees
 * them in `text` alone (a page's limit read as an unknown array element made it plan for a tenth
 * of the table: a parallel scan of the names' index instead of reading ten entries of it).
 */
export function batchedText(text: string, types: readonly string[], varying: readonly boolean[]): string {
  const arrays: string[] = [];
  const names: string[] = [];
  types.forEach((type, i) => {
    if (!varying[i]) return;
    arrays.push(`$${i + 1}::${type}[]`);
    names.push(`p${i + 1}`);
  });
  const inner = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const i = Number(n) - 1;
    const type = types[i];
    if (!type) throw new Error(`batchedText: $${n} has no parameter`);
    return varying[i] ? `r.p${n}` : `$${n}::${type}`;
  });
  return `select s.*, r.batch_row from unnest(${arrays.join(', ')}) with ordinality as r(${names.join(', ')}, batch_row) cross join lateral (${inner}) as s`;
}

/**
 * Batched forms by statement, then by types and varying parameters. Kept apart from the running
 * statements, which are forgotten when idle: the same text each time is also the same prepared
 * statement's name found at once (a new text of ~800 characters is hashed anew).
 */
const forms = new Map<string, Map<string, string>>();

function batchedForm(
  statement: { text: string; types: readonly string[] },
  varying: readonly boolean[],
): string {
  let byShape = forms.get(statement.text);
  if (!byShape) {
    if (forms.size >= MAX_BATCHABLE) forms.clear();
    byShape = new Map();
    forms.set(statement.text, byShape);
  }
  const shape = `${statement.types.join(',')}|${varying.map((differs) => (differs ? '1' : '0')).join('')}`;
  let form = byShape.get(shape);
  if (form === undefined) {
    form = batchedText(statement.text, statement.types, varying);
    byShape.set(shape, form);
  }
  return form;
}

/** Whether each parameter differs between the reads (the first counts as differing when none does). */
export function varyingParameters(reads: readonly (readonly unknown[])[]): boolean[] {
  const first = reads[0] ?? [];
  const varying = first.map((value, i) => reads.some((read) => !sameValue(read[i], value)));
  if (varying.length > 0 && !varying.includes(true)) varying[0] = true;
  return varying;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * Hands each read of a batch its rows; a read is never left waiting, whatever the rows hold.
 * `groupOf[i]` is the row of the arrays read i's values went in as (reads of the same values share one).
 */
function answer(batch: Waiting[], groupOf: readonly number[], groups: number, result: Rows): void {
  try {
    const rows = Array.from({ length: groups }, (): Record<string, unknown>[] => []);
    for (const row of result.rows) {
      // batch_row stays on the row: deleting it would make every row slow to read.
      const mine = rows[Number(row.batch_row) - 1];
      if (!mine) throw new Error(`A batched read answered a row for read ${String(row.batch_row)}`);
      mine.push(row);
    }
    for (const [i, read] of batch.entries()) {
      const own = rows[groupOf[i]!]!.slice();
      read.resolve({ rows: own, rowCount: own.length, command: result.command });
    }
  } catch (error) {
    for (const read of batch) read.reject(error);
  }
}

/**
 * The reads of a batch by their values: reads of the same values are one row of the arrays, and
 * get the same rows (the statement reads them once, after all of them were asked for).
 */
export function groupByValues(reads: readonly (readonly unknown[])[]): {
  groupOf: number[];
  firsts: number[];
} {
  const index = new Map<string, number>();
  const groupOf: number[] = [];
  const firsts: number[] = [];
  for (const [i, values] of reads.entries()) {
    // JSON keeps 1, '1' and true apart; a Date becomes its instant.
    const key = JSON.stringify(values);
    let group = index.get(key);
    if (group === undefined) {
      group = firsts.length;
      firsts.push(i);
      index.set(key, group);
    }
    groupOf.push(group);
  }
  return { groupOf, firsts };
}

export interface Rows {
  rows: Record<string, unknown>[];
  rowCount: number | null;
  command: string;
}

/** Sends a statement: `text` as given (a batched form, or the statement itself) and the statement as marked. */
type Send = (text: string, values: unknown[], marked: string) => Promise<Rows>;

interface Waiting {
  values: unknown[];
  resolve(result: Rows): void;
  reject(error: unknown): void;
}

interface Statement {
  text: string;
  types: string[];
  key: string;
  running: number;
  waiting: Waiting[];
}

/** The reads of one pool (one database server): a statement is sent together only with its own. */
export class ReadBatches {
  /** By text, then by the types of its values (by its values, for one sent only with the same values). */
  private readonly statements = new Map<string, Map<string, Statement>>();
  /** Statements sent for more than one read, and the reads they carried (for /metrics). */
  readonly counts = { batches: 0, reads: 0 };

  constructor(private readonly send: Send) {}

  query(text: string, values: unknown[]): Promise<Rows> {
    const types = parameterTypes(values);
    if (!types || types.length === 0) return this.send(text, values, text);
    // A statement sent only with reads of the same values is one statement per values.
    const key = marked.get(text) === true ? JSON.stringify(values) : types.join(',');
    let byKey = this.statements.get(text);
    if (!byKey) {
      byKey = new Map();
      this.statements.set(text, byKey);
    }
    let statement = byKey.get(key);
    if (!statement) {
      statement = { text, types, key, running: 0, waiting: [] };
      byKey.set(key, statement);
    }
    if (statement.running < RUNNING_PER_STATEMENT) return this.alone(statement, values);
    return new Promise((resolve, reject) => statement.waiting.push({ values, resolve, reject }));
  }

  private alone(statement: Statement, values: unknown[]): Promise<Rows> {
    statement.running++;
    return this.send(statement.text, values, statement.text)
      .catch((error: unknown) => {
        if (!isStatementError(error)) this.failWaiting(statement, error);
        throw error;
      })
      .finally(() => this.done(statement));
  }

  /**
   * The database failed the statement (cut off, frozen past its deadline, shut down): the reads
   * waiting for it fail with it, as they would have on the same connection, instead of waiting
   * for a deadline of their own after it.
   */
  private failWaiting(statement: Statement, error: unknown): void {
    for (const read of statement.waiting.splice(0)) read.reject(error);
  }

  /** Sends what waited for the statement that just answered; forgets a statement left idle. */
  private done(statement: Statement): void {
    if (statement.waiting.length === 0) {
      statement.running--;
      if (statement.running === 0) this.forget(statement);
      return;
    }
    // After the requests already received in this turn of the event loop: they join the batch.
    setImmediate(() => this.sendWaiting(statement));
  }

  private sendWaiting(statement: Statement): void {
    statement.running--;
    const batch = statement.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) {
      if (statement.running === 0) this.forget(statement);
      return;
    }
    if (batch.length > 1) {
      this.counts.batches++;
      this.counts.reads += batch.length;
    }
    const { groupOf, firsts } = groupByValues(batch.map((read) => read.values));
    if (firsts.length === 1) {
      this.alone(statement, batch[0]!.values).then(
        (result) => {
          for (const read of batch) read.resolve({ ...result, rows: result.rows.slice() });
        },
        (error: unknown) => {
          for (const read of batch) read.reject(error);
        },
      );
      return;
    }
    statement.running++;
    const distinct = firsts.map((i) => batch[i]!.values);
    const varying = varyingParameters(distinct);
    const form = batchedForm(statement, varying);
    const values = varying.map((differs, i) => (differs ? distinct.map((read) => read[i]) : distinct[0]![i]));
    this.send(form, values, statement.text)
      .then(
        (result) => answer(batch, groupOf, firsts.length, result),
        (error: unknown) => this.failed(statement, batch, error),
      )
      .finally(() => this.done(statement));
  }

  /**
   * A batch's error. A batched form PostgreSQL refuses (42: a parameter it reads as another type
   * than its value's) is not tried again. After it, or an error of one read's values (22), each
   * read runs alone, as written, and gets its own answer or error; any other error is the
   * database's, and every read's, the waiting ones' too.
   */
  private failed(statement: Statement, batch: Waiting[], error: unknown): void {
    if (!isStatementError(error)) {
      for (const read of batch) read.reject(error);
      this.failWaiting(statement, error);
      return;
    }
    if (String((error as { code?: unknown }).code).startsWith('42')) marked.delete(statement.text);
    for (const read of batch)
      this.send(statement.text, read.values, statement.text).then(read.resolve, read.reject);
  }

  private forget(statement: Statement): void {
    const byKey = this.statements.get(statement.text);
    byKey?.delete(statement.key);
    if (byKey?.size === 0) this.statements.delete(statement.text);
  }
}
