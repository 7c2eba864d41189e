import { describe, expect, it } from 'vitest';
import { withListChanges } from './list-search-params.ts';

const keys = { page: 'pagina', defaultPageSize: 20 };
const write = (url: string, changes: Parameters<typeof withListChanges>[1]) =>
  withListChanges(new URLSearchParams(url), changes, keys).toString();

describe('withListChanges', () => {
  it('a new search or page size goes back to page 1 and keeps the rest', () => {
    expect(write('tab=papelera&pagina=3&filas=50', { q: 'cafe' })).toBe('tab=papelera&filas=50&q=cafe');
    expect(write('q=cafe&pagina=3', { filas: 50 })).toBe('q=cafe&filas=50');
  });

  it('defaults leave the URL without their key', () => {
    expect(write('q=cafe&filas=50&pagina=2', { q: '' })).toBe('filas=50');
    expect(write('filas=50', { filas: 20 })).toBe('');
    expect(write('pagina=4', { page: 1 })).toBe('');
    expect(write('', { page: 2 })).toBe('pagina=2');
  });
});
