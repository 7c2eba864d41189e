// A small seeded PRNG (mulberry32) with the helpers the generators need. Every business gets
// its own stream, derived from the run's seed and the business's position, so a business's
// rows do not depend on how the run was chunked.

/** 32-bit mix of two integers (a variant of the murmur3 finaliser). */
export function hash2(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(b, 0xc2b2ae35)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  reseed(seed: number): this {
    this.state = seed >>> 0;
    return this;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; `weights` are cumulative and end with the total. */
  pickCumulative<T>(items: readonly T[], cumulative: readonly number[]): T {
    const target = this.next() * cumulative[cumulative.length - 1]!;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! > target) high = mid;
      else low = mid + 1;
    }
    return items[low]!;
  }

  /** Money with two decimals in [min, max], rounded to a realistic price ending. */
  price(min: number, max: number): number {
    const raw = min + this.next() * (max - min);
    const whole = Math.floor(raw);
    const cents = this.pick([0, 0.25, 0.5, 0.75, 0.95, 0.99]);
    return Math.max(min, Math.round((whole + cents) * 100) / 100);
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  alphanumeric(count: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < count; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

export function cumulative(weights: readonly number[]): number[] {
  let total = 0;
  return weights.map((weight) => {
    total += weight;
    return total;
  });
}
