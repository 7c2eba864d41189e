import { describe, expect, it } from 'vitest';
import { filterNameInput } from './name-input.ts';

describe('filterNameInput', () => {
  it('keeps letters with Spanish accents, ñ, ü and spaces', () => {
    expect(filterNameInput('José Ángel Muñoz Güell')).toBe('José Ángel Muñoz Güell');
    expect(filterNameInput('ÁÉÍÓÚ áéíóú Ññ Üü')).toBe('ÁÉÍÓÚ áéíóú Ññ Üü');
  });

  it('drops digits, punctuation and symbols', () => {
    expect(filterNameInput("María3 O'Neil-Pérez!")).toBe('María ONeilPérez');
    expect(filterNameInput('123 @#$')).toBe(' ');
  });

  it('keeps accents typed as combining marks', () => {
    const decomposed = 'Jose\u0301';
    expect(filterNameInput(decomposed)).toBe(decomposed);
  });
});
