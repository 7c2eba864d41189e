// A signed-in client sends the same JWT on every request, and checking its HMAC each time was a
// steady share of the request's CPU. A token that passed the full check is kept, by its
// exact text (signature included), until it expires or for TTL_MS, whichever comes first. Only a
// verified token is ever kept, so a token that was not checked is never accepted from here.
import { checkToken, type TokenClaims } from './tokens.ts';

export const VERIFIED_TOKEN_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: TokenClaims; until: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlMs = VERIFIED_TOKEN_TTL_MS,
  ) {}

  /** verifyToken (signature and time, not allowExpired) with a memory. */
  verify(token: string): TokenClaims | null {
    const now = Date.now();
    const entry = this.entries.get(token);
    if (entry) {
      if (now < entry.until) return entry.claims;
      this.entries.delete(token);
    }
    const checked = checkToken(token, this.secret);
    if (!checked) return null;
    if (this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      // checkToken refuses a token once its `exp` second has begun: until then, and no longer.
      this.entries.set(token, {
        claims: Object.freeze(checked.claims),
        until: Math.min(checked.exp * 1000, now + this.ttlMs),
      });
    }
    return checked.claims;
  }

  size(): number {
    return this.entries.size;
  }
}
