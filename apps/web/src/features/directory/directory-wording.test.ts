import { describe, expect, it } from 'vitest';
import { verificationOf } from '../../ui/business/verification-badge.tsx';
import {
  DIRECTORY_TITLE,
  directoryDescription,
  exportFileName,
  pageCount,
  pageText,
  rangeText,
  resultsTitle,
  sizeLabel,
  totalLabel,
} from './directory-wording.ts';

const es = (value: number) => new Intl.NumberFormat('es-PR').format(value);

describe('counts and titles', () => {
  it('titles the plain directory, and counts results once narrowed', () => {
    expect(resultsTitle(false, { total: 5, capped: false })).toBe(DIRECTORY_TITLE);
    expect(resultsTitle(true, { total: 3, capped: false })).toBe('Resultados (3)');
    expect(resultsTitle(true, { total: 1234, capped: false })).toBe(`Resultados (${es(1234)})`);
    expect(resultsTitle(true, null)).toBe('Resultados');
  });

  it('never states a capped total as exact', () => {
    expect(totalLabel({ total: 1000, capped: true })).toBe(`${es(1000)}+`);
    expect(resultsTitle(true, { total: 1000, capped: true })).toBe(`Resultados (${es(1000)}+)`);
    expect(rangeText(1, 10, 10, { total: 1000, capped: true })).toBe(`Mostrando 1-10 de más de ${es(1000)}`);
    expect(pageText(1, 100, true)).toBe('Página 1 de más de 100');
  });

  it('shows the range of the page and the page count', () => {
    expect(rangeText(1, 10, 10, { total: 23, capped: false })).toBe('Mostrando 1-10 de 23');
    expect(rangeText(3, 10, 3, { total: 23, capped: false })).toBe('Mostrando 21-23 de 23');
    expect(rangeText(1, 10, 0, { total: 0, capped: false })).toBe('Mostrando 0 de 0');
    expect(rangeText(1, 10, 1, { total: 1, capped: false })).toBe('Mostrando 1 de 1');
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageText(2, 3, false)).toBe('Página 2 de 3');
  });
});

describe('rows and export', () => {
  it('derives the verification badge from both flags, worded as the filter options', () => {
    expect(verificationOf({ verified_email: true, verified_phone: true }).label).toBe('Verificado');
    expect(verificationOf({ verified_email: true, verified_phone: false }).label).toBe(
      'Parcialmente Verificado',
    );
    expect(verificationOf({ verified_email: false, verified_phone: true }).label).toBe(
      'Parcialmente Verificado',
    );
    expect(verificationOf({ verified_email: false, verified_phone: false }).label).toBe('No Verificado');
  });

  it('names the export with the local date', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 30))).toBe('directorio-negocios_2026-01-05.csv');
  });

  it('shows the bytes received', () => {
    expect(sizeLabel(512)).toBe('512 B');
    expect(sizeLabel(24 * 1024)).toBe('24 KB');
    expect(sizeLabel(1.5 * 1024 * 1024)).toMatch(/^1[.,]5 MB$/);
  });
});

describe('the order in the subtitle', () => {
  it('says the order shown', () => {
    expect(directoryDescription('none', { sortBy: 'name', sortOrder: 'asc' })).toBe(
      'Todos los negocios registrados. Orden: Nombre A–Z.',
    );
    expect(directoryDescription('none', { sortBy: 'registration_date', sortOrder: 'desc' })).toBe(
      'Todos los negocios registrados. Orden: Más recientes primero.',
    );
    expect(directoryDescription('both', { sortBy: 'relevance', sortOrder: 'desc' })).toBe(
      'Negocios que coinciden con la búsqueda y los filtros. Orden: Relevancia.',
    );
    expect(directoryDescription('filters', { sortBy: 'verification', sortOrder: 'asc' })).toBe(
      'Negocios que coinciden con los filtros. Orden: Sin verificar primero.',
    );
    expect(directoryDescription('search', { sortBy: 'relevance', sortOrder: 'desc' })).toBe(
      'Negocios que coinciden con la búsqueda. Orden: Relevancia.',
    );
  });
});
