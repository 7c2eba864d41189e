import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLatestSearchParams } from './use-latest-search-params.ts';

afterEach(cleanup);

type Setter = ReturnType<typeof useLatestSearchParams>[1];
const kept: { first?: Setter; latest?: Setter } = {};

/** Keeps the setter of its first render, as a debounced callback started then would. */
function Probe() {
  const [, setParams] = useLatestSearchParams();
  const [first] = useState(() => setParams);
  kept.first = first;
  kept.latest = setParams;
  const location = useLocation();
  return <output aria-label="URL">{location.search}</output>;
}

function withParam(key: string, value: string) {
  return (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    next.set(key, value);
    return next;
  };
}

describe('useLatestSearchParams', () => {
  it('a setter kept from an earlier render builds on a choice made since', () => {
    render(
      <MemoryRouter initialEntries={['/?tab=directorio']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => kept.latest?.(withParam('orden', 'nombre')));
    expect(screen.getByLabelText('URL').textContent).toBe('?tab=directorio&orden=nombre');
    act(() => kept.first?.(withParam('q', 'rincon')));
    expect(screen.getByLabelText('URL').textContent).toBe('?tab=directorio&orden=nombre&q=rincon');
  });

  it('two changes in one frame both land', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => {
      kept.latest?.(withParam('filas', '25'));
      kept.latest?.(withParam('q', 'cafe'));
    });
    expect(screen.getByLabelText('URL').textContent).toBe('?filas=25&q=cafe');
  });

  it('a navigation from elsewhere (Back) is what the next change builds on', () => {
    render(
      <MemoryRouter initialEntries={['/?filas=25', '/?filas=50']} initialIndex={1}>
        <Probe />
        <Back />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'Atrás' }).click());
    expect(screen.getByLabelText('URL').textContent).toBe('?filas=25');
    act(() => kept.first?.(withParam('q', 'cafe')));
    expect(screen.getByLabelText('URL').textContent).toBe('?filas=25&q=cafe');
  });
});

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Atrás
    </button>
  );
}
