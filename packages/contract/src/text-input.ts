// Text no PostgreSQL column can hold: a NUL character ('\u0000'). One rule for every string a
// request carries (body, query, path), applied in front of whichever schema checks that part, so
// the client gets 400 'Invalid request data' naming the field instead of a database error.
import { z } from 'zod';
import { MSG } from './messages.ts';

const NUL = '\u0000';

/** The path to the first string (or object key) in `value` that holds a NUL, or null. */
export function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key];
      const found = nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
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
