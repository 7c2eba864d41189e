// What the directory says when nothing matches, or when the server refused what narrows it: the
// words and the clearing button name what narrows the list (the search, the filters or both).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import type { Narrowing } from '../directory-view.ts';
import { DirectoryResults } from './directory-results.tsx';

afterEach(cleanup);

function show(narrowing: Narrowing, error: Error | null = null) {
  const onClearAll = vi.fn();
  render(
    <DirectoryResults
      data={error ? undefined : { businesses: [], total_count: 0, page: 1 }}
      pageSize={10}
      error={error}
      stale={false}
      retrying={false}
      narrowing={narrowing}
      onRetry={() => {}}
      onStep={() => {}}
      onClearAll={onClearAll}
      onRegister={() => {}}
      onOpenAction={() => {}}
      sort={{ sortBy: 'registration_date', sortOrder: 'desc', onSort: () => {} }}
    />,
  );
  return onClearAll;
}

describe('the directory with nothing to show', () => {
  it.each([
    [
      'search',
      'Ningún negocio coincide con la búsqueda. Pruebe con otras palabras.',
      'Ver todos los negocios',
    ],
    ['filters', 'Ningún negocio coincide con los filtros. Quite algún filtro.', 'Limpiar filtros'],
    [
      'both',
      'Ningún negocio coincide con la búsqueda y los filtros. Pruebe con otras palabras o quite algún filtro.',
      'Limpiar búsqueda y filtros',
    ],
  ] as const)('narrowed by %s, says so and offers to clear it', (narrowing, text, button) => {
    const onClearAll = show(narrowing);
    expect(screen.getByRole('heading', { name: 'No se encontraron negocios' })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(onClearAll).toHaveBeenCalledOnce();
  });

  it('offers to clear only the filters of a link the server refused', () => {
    show('filters', new ApiError('Invalid request data', 400));
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
