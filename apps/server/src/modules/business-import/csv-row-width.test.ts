// The cell count that guards the CSV reader: cells as csv-parse reads them (with relax_quotes),
// rows numbered as a spreadsheet shows them.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { firstRowWiderThan } from './csv-row-width.ts';

describe('firstRowWiderThan', () => {
  it('names the first row past the limit, blank lines and cells over several lines counted as rows are', () => {
    const text = 'a,b,c\n\n"x\ny",2,3\n1,2,3,4\n';
    expect(firstRowWiderThan(text, ',', 4)).toBeUndefined();
    // Row 4: the blank row 2 counts, the quoted cell over two lines is one row (3).
    expect(firstRowWiderThan(text, ',', 3)).toBe(4);
    expect(firstRowWiderThan('a;b\r\n1;2;3\r\n', ';', 2)).toBe(2);
  });

  it('counts separators inside quotes, doubled quotes and quotes mid-cell as csv-parse does', () => {
    const samples = [
      'a,"b,c",d\n',
      'a,"b ""x,y"" c",d\n',
      'a,b"c,d\n',
      '"a\n,b",c,d\r\ne,f\n',
      ',,,\n"",""\n',
    ];
    for (const text of samples) {
      const records = parse(text, {
        relax_quotes: true,
        relax_column_count: true,
        info: true,
      }) as unknown as {
        record: string[];
        info: { records: number };
      }[];
      const widest = Math.max(...records.map(({ record }) => record.length));
      const first = records.find(({ record }) => record.length === widest);
      expect(firstRowWiderThan(text, ',', widest), text).toBeUndefined();
      expect(firstRowWiderThan(text, ',', widest - 1), text).toBe(first?.info.records);
    }
  });
});
