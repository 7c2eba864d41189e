// The words a directory search looks for: a phone typed the ways staff type them becomes the
// digits a stored phone (10 digits) contains.
import { describe, expect, it } from 'vitest';
import { searchWords } from './business-data.repository.ts';

describe('searchWords', () => {
  it('reads a phone typed with separators as its digits', () => {
    expect(searchWords('(787) 499-1967')).toEqual(['7874991967']);
    expect(searchWords('787-499-1967')).toEqual(['7874991967']);
    expect(searchWords('499-1967')).toEqual(['4991967']);
  });

  it('leaves out the country code of a phone written with it', () => {
    expect(searchWords('+1 787 499 1967')).toEqual(['7874991967']);
    expect(searchWords('+1 (787) 499-1967')).toEqual(['7874991967']);
    expect(searchWords('+17874991967')).toEqual(['7874991967']);
    expect(searchWords('1-787-499-1967')).toEqual(['7874991967']);
    expect(searchWords('17874991967')).toEqual(['7874991967']);
    expect(searchWords('+1 787')).toEqual(['787']);
  });

  it('keeps numbers that are not a phone with its country code, and words, as typed', () => {
    expect(searchWords('1967')).toEqual(['1967']);
    expect(searchWords('7874991967')).toEqual(['7874991967']);
    expect(searchWords('REG000200')).toEqual(['REG000200']);
    expect(searchWords('doña  ana')).toEqual(['doña', 'ana']);
  });

  it('leaves out the quotation marks people put around words, not those inside a name', () => {
    expect(searchWords('"cafe"')).toEqual(['cafe']);
    expect(searchWords('"El Primo"')).toEqual(['El', 'Primo']);
    expect(searchWords('«doña» “ana”')).toEqual(['doña', 'ana']);
    expect(searchWords("D'Angelo's")).toEqual(["D'Angelo's"]);
    expect(searchWords('" cafe')).toEqual(['cafe']);
  });
});
