// Short-lived 6-digit codes (DESIGN §4): only a salted hash is stored, they expire after
// 10 minutes and allow 5 wrong tries. A salted sha256 is enough here: a code lives minutes and
// the try limit, not the hash's cost, is what stops guessing (argon2 would add ~50 ms per call).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SESSION } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../http/http-error.ts';

export const CODE_TTL_MS = SESSION.codeTtlSeconds * 1000;
export const CODE_MAX_ATTEMPTS = SESSION.codeMaxAttempts;

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** `salt$hash`, so the salt travels with the hash. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, code)}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  const actual = Buffer.from(digest(salt, code), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** 429 (with Retry-After) for a code asked for again before the resend countdown is over. */
export function refuseEarlyResend(waitSeconds: number): void {
  if (waitSeconds > 0) throw new HttpError(429, MSG.tooManyRequests, { retry_after_seconds: waitSeconds });
}

export const codeExpiry = (now = Date.now()): Date => new Date(now + CODE_TTL_MS);

/**
 * For routes whose SPEC §8 answer to any bad body is one fixed 400 message: the route sets
 * `attachValidation: true` and calls this first; the per-field SPEC §5 wording goes in `details`.
 */
export function rejectInvalidBody(validationError: Error | undefined, message: string): void {
  if (!validationError) return;
  const details = hasZodFastifySchemaValidationErrors(validationError)
    ? validationError.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? message,
      }))
    : [];
  throw badRequest(message, { details });
}
