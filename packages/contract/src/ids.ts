// One rule for every numeric id in a path: the ids are PostgreSQL `integer` identities, so any
// whole number from 1 to 2,147,483,647 is valid (a missing row is then a 404, not a 400).
import { z } from 'zod';
import { MSG } from './messages.ts';

export const PG_INTEGER_MAX = 2_147_483_647;

/** Digits only (no sign, exponent or hex), within an `integer` identity's range. */
export function isDatabaseId(text: string): boolean {
  if (!/^[0-9]{1,10}$/.test(text)) return false;
  const id = Number(text);
  return id >= 1 && id <= PG_INTEGER_MAX;
}

/** A numeric path id; `requiredMessage` when it is missing or blank. */
export const idParam = (requiredMessage: string = MSG.invalidRequestData) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isDatabaseId, MSG.invalidRequestData)
    .transform(Number);

/** `{ id }` path parameters. */
export const idParams = (requiredMessage?: string) => z.object({ id: idParam(requiredMessage) });
