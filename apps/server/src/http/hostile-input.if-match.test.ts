// The If-Match header of the conditional writes, fuzzed. Whatever a client puts in it (quotes left
// open, control characters, thousands of tags, megabytes of text, weak tags, a version that looks
// right but is not), the answer is a 400 for what does not parse and a 412 for a version that does
// not match, in the SPEC §8 shape, and nothing is written. A malformed value is refused rather than
// read as "no header": a client that meant to be careful is not silently turned into
// last-write-wins.
import { CONFLICT_MSG, parseIfMatch } from '@portal/contract/edit-conflicts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/business-factory.ts';
import { createTestApp, masterHeaders } from '../../test/helpers.ts';

/** Header text Node lets through (no CR/LF/NUL): printable ASCII, tabs, Latin-1. */
const headerText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.constantFrom('\t', '"', ',', 'W/', '*', 'ñ', '\u00ff'),
  ),
  maxLength: 60,
});

describe('hostile If-Match headers', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const business = await insertBusiness(t);
  const url = `/master/verification/registry/${business.business_registry_number}`;
  const stored = () =>
    t.db
      .selectFrom('businesses')
      .select(['verified_email', 'verified_phone', 'version'])
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();

  it('answers 400 (unparseable) or 412 (no tag matches) and writes nothing', async () => {
    const before = await stored();
    const fixed = [
      '"',
      '""',
      'W/""',
      `W/"${before.version}"`,
      '"1" "2"',
      '"1",,,"2"',
      `"${'9'.repeat(100_000)}"`,
      Array.from({ length: 2000 }, (_, i) => `"${i + 100}"`).join(', '),
      `"${before.version}\t"`,
      '**',
      '"*"',
      'null',
      '\t',
    ];
    const values = [...fixed, ...fc.sample(headerText, { numRuns: 150, seed: 25 })].filter(
      (value) => value.trim() !== '*' && !parseIfMatch(value)?.includes?.(before.version),
    );
    for (const value of values) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...master, 'if-match': value },
        payload: { verified_email: true, verified_phone: true },
      });
      const label = `If-Match: ${value.slice(0, 80)}`;
      const parsed = parseIfMatch(value);
      expect(res.statusCode, label).toBe(parsed === null ? 400 : 412);
      expect(res.json(), label).toMatchObject({
        success: false,
        message: parsed === null ? CONFLICT_MSG.invalidIfMatch : CONFLICT_MSG.preconditionFailed,
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('parses what RFC 9110 allows and nothing else', () => {
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch(' "7" ')).toEqual(['7']);
    expect(parseIfMatch('"7", W/"8","9"')).toEqual(['7', 'W/8', '9']);
    for (const bad of ['7', '"7', '7"', '"7" "8"', 'W/7', '"a"b', '', ', ', '"\u0001"', '"a b"'])
      expect(parseIfMatch(bad), bad).toBeNull();
  });
});
