// The lookup box of Gestionar Contenido, Suscripciones and Acceso: a search that finds no business
// says so once (no 'Sin resultados' over 'Ningún negocio coincide con …'), and the business shown
// before goes, so the page never shows one the field's text does not name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBusinesses } from '../api/business-data-api.ts';
import { RegistryLookupPage } from './registry-lookup.tsx';
import {
  noMatchMessage,
  REGISTRY_REQUIRED_MESSAGE,
  RegistrySearchForm,
  TOO_SHORT_MESSAGE,
} from './registry-search-form.tsx';

vi.mock('../api/business-data-api.ts', () => ({ listBusinesses: vi.fn() }));

beforeEach(() => {
  vi.mocked(listBusinesses).mockResolvedValue({ businesses: [], total_count: 0 } as never);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderForm(initialValue = '') {
  const onSearch = vi.fn();
  const onClear = vi.fn();
  render(
    <QueryClientProvider client={client()}>
      <RegistrySearchForm initialValue={initialValue} onSearch={onSearch} onClear={onClear} />
    </QueryClientProvider>,
  );
  return { onSearch, onClear, user: userEvent.setup(), box: screen.getByRole('combobox') };
}

describe('RegistrySearchForm', () => {
  it('says a search without a match once, and lets the screen drop the business it showed', async () => {
    const { onSearch, onClear, user, box } = renderForm('REG999999998');
    await user.clear(box);
    await user.type(box, 'abc{Enter}');
    const message = await screen.findByText(noMatchMessage('abc'), {}, { timeout: 5000 });
    expect(message.getAttribute('role')).toBe('alert');
    expect(box.getAttribute('aria-describedby')).toBe(message.id);
    // Said once: the status line under the field is quiet while the message is shown.
    expect(screen.queryByText('Sin resultados')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();

    // Typing again: the message goes and the suggestions' status speaks again.
    await user.type(box, 'd');
    expect(screen.queryByText(noMatchMessage('abc'))).toBeNull();
    expect(await screen.findByText('Sin resultados', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('clears the business shown when nothing, or too little, is typed', async () => {
    const { onSearch, onClear, user, box } = renderForm('REG000001');
    await user.clear(box);
    await user.type(box, '{Enter}');
    expect(screen.getByText(REGISTRY_REQUIRED_MESSAGE)).toBeTruthy();
    expect(onClear).toHaveBeenCalledTimes(1);
    await user.type(box, 'a{Enter}');
    expect(screen.getByText(TOO_SHORT_MESSAGE)).toBeTruthy();
    expect(onClear).toHaveBeenCalledTimes(2);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('opens a whole registry number without clearing anything', async () => {
    const { onSearch, onClear, user, box } = renderForm();
    await user.type(box, 'reg999999998{Enter}');
    expect(onSearch).toHaveBeenCalledWith('REG999999998');
    expect(onClear).not.toHaveBeenCalled();
  });
});

function Url() {
  return <output aria-label="url">{useLocation().search}</output>;
}

describe('RegistryLookupPage', () => {
  it("drops ?registro= and the result after a search that found nothing; the form's message stays", async () => {
    render(
      <QueryClientProvider client={client()}>
        <MemoryRouter initialEntries={['/admin-dashboard?tab=suscripciones&registro=REG999999998']}>
          <RegistryLookupPage
            title="Gestionar Suscripciones"
            description="Consulte el plan."
            useLookup={() => ({ isPending: false, isFetching: false, refetch: async () => [] })}
          >
            {(registry) => <p>{registry === '' ? 'Busque un negocio' : `Resultado de ${registry}`}</p>}
          </RegistryLookupPage>
          <Url />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByText('Resultado de REG999999998')).toBeTruthy();
    const box = screen.getByRole('combobox');
    await user.clear(box);
    await user.type(box, 'abc{Enter}');
    expect(await screen.findByText(noMatchMessage('abc'), {}, { timeout: 5000 })).toBeTruthy();
    // The URL changes by navigation, which may land a moment after the message.
    await waitFor(() => expect(screen.queryByText('Resultado de REG999999998')).toBeNull());
    expect(screen.getByText('Busque un negocio')).toBeTruthy();
    expect(screen.getByLabelText('url').textContent).toBe('?tab=suscripciones');
    // The same form, not a new one: what was typed and where the keyboard is stay.
    expect(box.isConnected).toBe(true);
    expect((box as HTMLInputElement).value).toBe('abc');
    expect(document.activeElement).toBe(box);
  });
});
