// Every PayPal delivery costs a call to PayPal's API, and anyone can post one: an address whose
// deliveries PayPal refused `maxFailures` times within a minute is refused at once until that
// minute is over; at most `maxInFlight` verifications run at a time, the next `maxWaiting` wait
// for their turn, and past that the answer is 503 (PayPal delivers again later). PayPal's own
// deliveries are never refused by the first rule, and a burst of them waits its turn.

export const PAYPAL_GUARD = {
  maxFailures: 10,
  windowMs: 60_000,
  maxInFlight: 8,
  maxWaiting: 200,
  maxAddresses: 10_000,
};

export class TooManyVerifications extends Error {}

export function paypalGuard(limits = PAYPAL_GUARD, now: () => number = Date.now) {
  const failures = new Map<string, { count: number; since: number }>();
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  const current = (ip: string) => {
    const entry = failures.get(ip);
    if (entry && now() - entry.since >= limits.windowMs) {
      failures.delete(ip);
      return undefined;
    }
    return entry;
  };

  return {
    /** The address was refused too often this minute. */
    blocked: (ip: string) => (current(ip)?.count ?? 0) >= limits.maxFailures,

    /** PayPal refused a delivery from `ip`. */
    refused(ip: string) {
      const entry = current(ip);
      if (entry) entry.count += 1;
      else {
        if (failures.size >= limits.maxAddresses) failures.clear();
        failures.set(ip, { count: 1, since: now() });
      }
    },

    /** Runs one verification in its turn, or throws TooManyVerifications when too many wait. */
    async verify<T>(call: () => Promise<T>): Promise<T> {
      if (inFlight >= limits.maxInFlight) {
        if (waiting.length >= limits.maxWaiting) throw new TooManyVerifications();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else inFlight += 1;
      try {
        return await call();
      } finally {
        // The slot passes to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else inFlight -= 1;
      }
    },
  };
}
