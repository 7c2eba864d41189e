// A master request's X-Master-Key is checked by its SHA-256 against the session's stored hash.
// The same key comes with every request of that session, so a key that matched a hash is
// remembered for that hash, and the same key for the same hash is not hashed again (issue #15).
// Only a key whose hash was computed and found equal is ever remembered.
import { sha256 } from './session.service.ts';

const MAX_ENTRIES = 1_000;
/** master_key_hash -> the key that was hashed and matched it. */
const matched = new Map<string, string>();

export function masterKeyMatches(key: unknown, hash: string | null): boolean {
  if (typeof key !== 'string' || !hash) return false;
  if (matched.get(hash) === key) return true;
  if (sha256(key) !== hash) return false;
  if (matched.size >= MAX_ENTRIES) matched.clear();
  matched.set(hash, key);
  return true;
}
