// Placeholder until the seed lands: the real generator replaces this file.
import type { DatabaseHandle } from '../connection.ts';

export interface SeedOptions {
  businesses: number;
  seed?: number;
  log?: (line: string) => void;
}

export async function seedDatabase(_handle: DatabaseHandle, _options: SeedOptions): Promise<void> {}
