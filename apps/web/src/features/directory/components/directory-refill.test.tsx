// The directory after a row leaves it (SPEC §4 "Deletion"): the row goes and the total drops at once,
// then the page is read again so the business after it moves up from the next page; 'Deshacer' brings
// it back. The keyboard focus stays on the row that took the deleted one's place.
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { preloadModals } from '../../../ui/business/row-modals/lazy-modals.tsx';
import { ToastHost } from '../../../ui/toast-host.tsx';
import DirectoryScreen from './directory-screen.tsx';

const LIST = 'GET /master/business-data/api/v1/business-data';
const STATS = 'GET /master/business-data/api/v1/business-data/stats';
const VIEWS = 'GET /master/saved-views/api/v1/saved-views';
const fake = signedInWithFakeFetch();
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => preloadModals(), 60_000);
// Toasts live in sonner's own store, past the screen that raised them.
afterEach(() => toast.dismiss());

const row = (n: number): BusinessRow => ({
  id: n,
  business_registry_number: `REG${String(n).padStart(6, '0')}`,
  business_name: `Negocio ${n}`,
  business_owner: 'Ana Rivera',
  business_email: `n${n}@example.com`,
  business_phone: '7875550100',
  business_address: null,
  business_category: null,
  business_description: null,
  business_year: null,
  verified_email: false,
  verified_phone: false,
  business_created_at: '2026-01-01T00:00:00.000Z',
  registration_date: '2026-01-01T00:00:00.000Z',
});

/** Page 1 of the directory when it holds these businesses (newest first), 10 a page. */
const firstPage = (numbers: number[]) => ({
  status: 200,
  body: { businesses: numbers.slice(0, 10).map(row), total_count: numbers.length },
});
const upTo = (last: number, without: number[] = []) =>
  Array.from({ length: last }, (_, i) => i + 1).filter((n) => !without.includes(n));
const stats = (total: number) => ({
  status: 200,
  body: {
    stats: {
      total_businesses: total,
      verified_businesses: 0,
      partially_verified_businesses: 0,
      unverified_businesses: total,
      recent_registrations: 0,
      categories: [],
    },
  },
});

function show() {
  fake().on(VIEWS, { status: 200, body: { saved_views: [] } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin-dashboard']}>
        <DirectoryScreen />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// While a modal is open the page behind it is aria-hidden: these look behind it.
const table = () => screen.getByRole('table', { name: 'Negocios', hidden: true });
const names = () => [...table().querySelectorAll('tbody tr')].map((tr) => tr.querySelector('a')?.textContent);
/** The first page is on screen (a cold jsdom render of the whole screen takes a while). */
const loaded = async () => {
  await screen.findByRole('table', { name: 'Negocios' }, { timeout: 10_000 });
  expect(names()).toHaveLength(10);
};
const pager = () => screen.getByRole('navigation', { name: 'Paginación', hidden: true });

/** Deletes `n` from its row's 'Eliminar' and leaves the modal open on its success. */
async function deleteRow(user: ReturnType<typeof userEvent.setup>, n: number) {
  const registry = row(n).business_registry_number;
  fake().on(`DELETE /master/business-deletion/${registry}`, {
    status: 200,
    body: { success: true, message: 'Negocio eliminado exitosamente.' },
  });
  await user.click(within(table()).getByRole('button', { name: `Eliminar Negocio ${n}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
  await user.type(within(dialog).getByLabelText(/Escriba el número de registro/), registry);
  await user.click(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' }));
  await within(dialog).findByText('Eliminación Exitosa');
  return dialog;
}

/** 'Cerrar' in the modal's footer (the X is 'Cerrar' too). */
async function closeModal(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1) as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the directory after a deletion', () => {
  it('reads the page again: the 11th business moves up, and the focus stays on the next row', async () => {
    fake().on(LIST, firstPage(upTo(12)));
    fake().on(STATS, stats(12), stats(11));
    const user = show();
    await loaded();
    expect(pager().textContent).toContain('Mostrando 1-10 de 12');

    // The page read again answers only once the modal has closed and the focus is placed.
    const release = fake().hold(LIST);
    fake().on(LIST, firstPage(upTo(12, [3])));
    const dialog = await deleteRow(user, 3);
    // SPEC: the row goes and the total drops at once.
    await waitFor(() => expect(names()).not.toContain('Negocio 3'));
    expect(pager().textContent).toContain('Mostrando 1-9 de 11');
    await closeModal(user, dialog);
    const next = within(table()).getByRole('link', { name: 'Negocio 4' }).closest('tr');
    await waitFor(() => expect(document.activeElement).toBe(next));

    release();
    await waitFor(() => expect(names()).toContain('Negocio 11'));
    expect(names()).toHaveLength(10);
    expect(pager().textContent).toContain('Mostrando 1-10 de 11');
    expect(document.activeElement).toBe(next);
    expect(fake().callsTo('/master/business-data/api/v1/business-data?limit=10&offset=0')).toHaveLength(2);
  });

  it("'Deshacer' in the toast brings the row back", async () => {
    fake().on(LIST, firstPage(upTo(12)), firstPage(upTo(12, [3])), firstPage(upTo(12)));
    fake().on(STATS, stats(12), stats(11), stats(12));
    fake().on(`POST ${BUSINESS_TRASH_PATH}/registry/REG000003/restore`, {
      status: 200,
      body: { success: true, business: row(3) },
    });
    fake().on(VIEWS, { status: 200, body: { saved_views: [] } });
    const user = show();
    await loaded();
    await closeModal(user, await deleteRow(user, 3));
    await waitFor(() => expect(names()).toContain('Negocio 11'));

    // A click alone: sonner's pointerdown wants setPointerCapture, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'Deshacer' }));
    await waitFor(() => expect(names()).toContain('Negocio 3'));
    expect(names()).not.toContain('Negocio 11');
    expect(pager().textContent).toContain('Mostrando 1-10 de 12');
  });

  it("'Eliminar' over a selection reads the page again too", async () => {
    fake().on(LIST, firstPage(upTo(14)), firstPage(upTo(14, [2, 5])));
    fake().on(STATS, stats(14), stats(12));
    fake().on('POST /master/business-data/api/v1/business-data/bulk', {
      status: 200,
      body: {
        success: true,
        results: [2, 5].map((n) => ({
          business_registry_number: row(n).business_registry_number,
          status: 200,
          message: 'ok',
        })),
        summary: { succeeded: 2, failed: 0 },
      },
    });
    const user = show();
    await loaded();
    await user.click(within(table()).getByRole('checkbox', { name: 'Seleccionar Negocio 2' }));
    await user.click(within(table()).getByRole('checkbox', { name: 'Seleccionar Negocio 5' }));
    const bar = screen.getByRole('region', { name: 'Acciones sobre la selección' });
    await user.click(within(bar).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Escriba 2 para confirmar'), '2');
    await user.click(within(dialog).getByRole('button', { name: /^Eliminar 2 negocios/ }));
    await waitFor(() => expect(names()).toEqual(upTo(12, [2, 5]).map((n) => `Negocio ${n}`)));
    expect(pager().textContent).toContain('Mostrando 1-10 de 12');
  });
});
