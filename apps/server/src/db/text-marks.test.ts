import { describe, expect, it } from 'vitest';
import { textMarks } from './text-marks.ts';

describe('textMarks', () => {
  it('tells marked texts from others, each set of marks on its own', () => {
    const planned = textMarks();
    const other = textMarks();
    planned.mark('select 1');
    expect([planned.has('select 1'), planned.has('select 2'), other.has('select 1')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('starts again once 2,000 texts are marked, and keeps the one that did not fit', () => {
    const marks = textMarks();
    for (let i = 0; i < 2_000; i++) marks.mark(`select ${i}`);
    expect(marks.has('select 0')).toBe(true);
    marks.mark('select 2000');
    expect([marks.has('select 0'), marks.has('select 1999'), marks.has('select 2000')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});
