import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, csvRow, toCsv } from './csv.ts';

describe('csv writer', () => {
  it('quotes every field and doubles inner quotes', () => {
    expect(csvCell('Panadería "La Esquina"')).toBe('"Panadería ""La Esquina"""');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });

  it('prefixes an apostrophe to cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2')).toBe('"\'-2"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes rows with CRLF and a document with the BOM and headers', () => {
    expect(csvRow(['a', 'b'])).toBe('"a","b"\r\n');
    expect(toCsv(['Nombre', 'Teléfono'], [['=1+1', '7875551234']])).toBe(
      `${CSV_BOM}"Nombre","Teléfono"\r\n"'=1+1","7875551234"\r\n`,
    );
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('makes file names from safe parts and the date', () => {
    expect(csvFileName(['historial', 'REG000123'], new Date('2026-11-22T10:00:00Z'))).toBe(
      'historial_REG000123_2026-11-22.csv',
    );
    expect(csvFileName(['a b/"c'], new Date('2026-11-22T10:00:00Z'))).toBe('a-b-c_2026-11-22.csv');
  });

  it("names the file with the day where it is made: 9 p.m. on 27 Nov in Puerto Rico is the 27th, not UTC's 28th", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Puerto_Rico';
    try {
      expect(csvFileName(['auditoria'], new Date('2026-11-28T01:00:00Z'))).toBe('auditoria_2026-11-27.csv');
    } finally {
      process.env.TZ = zone;
    }
  });
});
