// A master request's X-Master-Key is checked by its SHA-256 against the session's stored hash
// (the guard and the public registration's staff caller share this check), in constant time.
import { timingSafeEqual } from 'node:crypto';
import { sha256 } from './session.service.ts';

export function masterKeyMatches(key: unknown, hash: string | null): boolean {
  if (typeof key !== 'string' || !hash) return false;
  const given = Buffer.from(sha256(key), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
