// Password hashing (argon2id, @node-rs/argon2's defaults: 19 MiB, 2 passes). Each hash or check
// holds its 19 MiB while it runs on libuv's pool of 4 threads; more runs at once than there are
// cores only add memory (20 parallel sign-ins took the process's peak RSS past 300 MB on 2 cores),
// not speed. So at most one run per core at a time; the others wait their turn in order.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** Runs work with at most `max` of them running at once; the rest start in the order they came. */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const limited = concurrencyLimit(Math.max(1, availableParallelism()));

export const hashPassword = (password: string): Promise<string> => limited(() => hash(password));

export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  limited(() => verify(stored, password));
