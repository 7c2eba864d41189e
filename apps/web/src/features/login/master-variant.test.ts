import { describe, expect, it } from 'vitest';
import { isMasterIdentifier } from './master-variant.ts';

// sha256('master')
const MASTER_HASH = 'fc613b4dfd6736a7bd268c8a0e74ed0d1c04a959f59dd74ef2874983fd443fc9';

describe('isMasterIdentifier', () => {
  it('matches the SHA-256 of the typed identifier, ignoring surrounding spaces', () => {
    expect(isMasterIdentifier('master', MASTER_HASH)).toBe(true);
    expect(isMasterIdentifier('  master ', MASTER_HASH)).toBe(true);
    expect(isMasterIdentifier(' master ', MASTER_HASH.toUpperCase())).toBe(true);
  });
  it('anything else is an admin login', () => {
    expect(isMasterIdentifier('Master', MASTER_HASH)).toBe(false);
    expect(isMasterIdentifier('ana@example.com', MASTER_HASH)).toBe(false);
    expect(isMasterIdentifier('', MASTER_HASH)).toBe(false);
    expect(isMasterIdentifier('master', undefined)).toBe(false);
  });
});
