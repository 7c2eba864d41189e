// Text no PostgreSQL column can hold: a NUL character ('\u0000'). One rule for every string a
// request carries (body, query, path), applied in front of whichever schema checks that part, so
// the client gets 400 'Invalid request data' naming the field instead of a database error.
import { z } from 'zod';
import { MSG } from './messages.ts';

const NUL = '\u0000';

type Key = string | number;
interface Visit {
  value: unknown;
  /** Set when this visit only checks an object key. */
  isKey?: boolean;
  key?: Key;
  parent: Visit | null;
}

const pathOf = (visit: Visit): Key[] => {
  const path: Key[] = [];
  for (let v: Visit | null = visit; v?.key !== undefined; v = v.parent) path.unshift(v.key);
  return path;
};

/**
 * The path to the first string (or object key) in `value` that holds a NUL, or null. Walks with
 * its own stack, in document order: a body nested thousands deep must get a 400, not overflow.
 */
export function nulPath(value: unknown): Key[] | null {
  const stack: Visit[] = [{ value, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const item = visit.value;
    if (visit.isKey || typeof item === 'string') {
      if ((item as string).includes(NUL)) return pathOf(visit);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        stack.push({ value: item[index], key: index, parent: visit });
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        stack.push({ value: child, key, parent: visit });
        stack.push({ value: key, key, parent: visit, isKey: true });
      }
    }
  }
  return null;
}

/**
 * False when `value` surely holds no NUL: a string, number or boolean without one, or an object
 * or array of them (a query, a path, most bodies), checked in one pass with none of nulPath's
 * bookkeeping. True when it holds one, or may: anything nested deeper is left to nulPath's walk.
 */
export function mayHoldNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes(NUL)) return true;
    const item = record[key];
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (item !== null && typeof item === 'object') return true;
  }
  return false;
}

/** `schema`, refusing first any input with a NUL anywhere in it. */
export function withoutNul<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = nulPath(value);
      if (path) ctx.addIssue({ code: 'custom', message: MSG.invalidRequestData, path });
    })
    .pipe(schema);
}
