import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateTableTypes } from './schema-types.ts';

describe('generated table types', () => {
  it('match the schema the migrations build (run `npm run db:types` after changing a migration)', async () => {
    const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    expect(await generateTableTypes()).toBe(committed);
  }, 60_000);
});
