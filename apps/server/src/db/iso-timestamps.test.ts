import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoTimestamp, TIMESTAMPS_AS_TEXT } from './iso-timestamps.ts';

const TIMESTAMPTZ = 1184;
/** node-postgres's own reading of the text, written as the answer wrote it. */
const asDateWrites = (text: string) =>
  (pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date)(text).toISOString();

describe('isoTimestamp', () => {
  it('writes a UTC timestamp as the Date node-postgres parses from it writes itself', () => {
    const texts = [
      '2026-12-01 02:26:47.064123+00',
      '2026-12-01 02:26:47.064+00',
      '2026-12-01 02:26:47.5+00',
      '2026-12-01 02:26:47.999999+00',
      '2026-12-01 02:26:47.000001+00',
      '2026-12-01 02:26:47+00',
      '1999-12-31 23:59:59.9+00',
      '0999-01-01 00:00:00.01+00',
    ];
    for (const text of texts) expect(isoTimestamp(text)).toBe(asDateWrites(text));
  });

  it('agrees with the Date on 2,000 random instants and fractions', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let i = 0; i < 2_000; i++) {
      const instant = new Date(Date.UTC(1970, 0, 1) + Math.floor(random() * 2_000_000_000_000));
      const whole = instant.toISOString().slice(0, 19).replace('T', ' ');
      const digits = Math.floor(random() * 7);
      const fraction = String(Math.floor(random() * 1_000_000))
        .padStart(6, '0')
        .slice(0, digits)
        .replace(/0+$/, '');
      const text = `${whole}${fraction ? `.${fraction}` : ''}+00`;
      expect(isoTimestamp(text)).toBe(asDateWrites(text));
    }
  });

  it('leaves any other text to the Date: other zones, BC, years past 9999, infinity', () => {
    for (const text of [
      '2026-12-01 02:26:47.064-04',
      '2026-12-01 08:26:47+05:30',
      '2026-12-01 02:26:47+00 BC',
      '12026-12-01 02:26:47+00',
    ]) {
      const value = isoTimestamp(text);
      expect(value).toBeInstanceOf(Date);
      expect((value as Date).getTime()).toBe(
        (pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (v: string) => Date)(text).getTime(),
      );
    }
    expect(isoTimestamp('infinity')).toBe(Number.POSITIVE_INFINITY);
  });

  it("keeps the connections' other parsers: bigint as a number, date as its text", () => {
    const parser = (oid: number) =>
      TIMESTAMPS_AS_TEXT.getTypeParser(oid, 'text') as (value: string) => unknown;
    expect(parser(20)('42')).toBe(42);
    expect(parser(1082)('2026-03-04')).toBe('2026-03-04');
    expect(parser(TIMESTAMPTZ)('2026-03-04 05:06:07+00')).toBe('2026-03-04T05:06:07.000Z');
  });
});
