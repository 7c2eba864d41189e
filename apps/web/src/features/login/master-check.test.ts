import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkMasterIdentifier } from './master-check.ts';

// sha256('master')
const MASTER_HASH = 'fc613b4dfd6736a7bd268c8a0e74ed0d1c04a959f59dd74ef2874983fd443fc9';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkMasterIdentifier', () => {
  it('with WebCrypto: the SHA-256 of the trimmed identifier, either case of hash', async () => {
    expect(await checkMasterIdentifier(' master ', MASTER_HASH)).toBe(true);
    expect(await checkMasterIdentifier('master', MASTER_HASH.toUpperCase())).toBe(true);
    expect(await checkMasterIdentifier('Master', MASTER_HASH)).toBe(false);
    expect(await checkMasterIdentifier('', MASTER_HASH)).toBe(false);
    expect(await checkMasterIdentifier('master', undefined)).toBe(false);
  });

  it('without WebCrypto (plain HTTP): the same answers from the JavaScript hash', async () => {
    vi.stubGlobal('crypto', {});
    expect(await checkMasterIdentifier(' master ', MASTER_HASH)).toBe(true);
    expect(await checkMasterIdentifier('ana@example.com', MASTER_HASH)).toBe(false);
  });
});
