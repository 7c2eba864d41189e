// Moving a saved view while another tab added or deleted one: the server refuses an order that does
// not name every view, so the move is made again, once, on the list read anew; no error is shown.
// By keyboard, the button pressed keeps the focus while the move is saved. Renaming and deleting
// one say so in a toast, the view's name in «».
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../api/saved-views-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { readView } from '../directory-view.ts';
import { SavedViewsBar } from './saved-views-bar.tsx';

const VIEWS = '/master/saved-views/api/v1/saved-views';
const ORDER = `${VIEWS}/order`;
const savedView = (id: number, name: string, position: number): SavedView => ({
  id,
  name,
  position,
  query: { search: name.toLowerCase() },
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
});
const listed = (...views: SavedView[]) => ({ status: 200, body: { success: true, saved_views: views } });
const OUTDATED_ORDER = {
  status: 400,
  body: {
    success: false,
    error: 'The order must list each of your saved views once',
    message: 'The order must list each of your saved views once',
  },
};

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const fake = signedInWithFakeFetch();

beforeEach(() => {
  toast.success.mockReset();
});

async function openOptions(name: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SavedViewsBar view={readView(new URLSearchParams())} onOpen={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Opciones de la vista ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: `Vista «${name}»` });
  return { user, dialog };
}

/** The chips' names in their order (behind the dialog, so hidden from the accessibility tree). */
const chips = () =>
  within(screen.getByRole('list', { name: 'Vistas guardadas', hidden: true }))
    .getAllByRole('listitem', { hidden: true })
    .map((chip) => chip.textContent);

describe('moving a saved view while another tab changed the list', () => {
  it('after another tab added a view, the same move is made on the list read again, with no error', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const bares = savedView(4, 'Bares', 1);
    const nueva = savedView(5, 'Nueva', 2);
    fake().on(`GET ${VIEWS}`, listed(cafes, bares));
    const { user, dialog } = await openOptions('Cafés');
    fake().on(`PUT ${ORDER}`, OUTDATED_ORDER, listed(bares, cafes, nueva));
    fake().on(`GET ${VIEWS}`, listed(cafes, bares, nueva), listed(bares, cafes, nueva));

    await user.click(within(dialog).getByRole('button', { name: 'Mover a la derecha' }));

    await waitFor(() => expect(chips()).toEqual(['Bares', 'Cafés', 'Nueva']));
    const orders = fake()
      .callsTo(ORDER)
      .map((call) => call.body);
    expect(orders).toEqual([{ ids: [4, 3] }, { ids: [4, 3, 5] }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/vistas guardadas una vez/)).toBeNull();
  });

  it('when the view moved was deleted in the other tab, says it no longer exists', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const bares = savedView(4, 'Bares', 1);
    fake().on(`GET ${VIEWS}`, listed(cafes, bares));
    const { user, dialog } = await openOptions('Cafés');
    fake().on(`PUT ${ORDER}`, OUTDATED_ORDER);
    fake().on(`GET ${VIEWS}`, listed(bares), listed(bares));

    await user.click(within(dialog).getByRole('button', { name: 'Mover a la derecha' }));

    expect(
      await within(dialog).findByText('Esta vista ya no existe: se eliminó desde otra pestaña o sesión.'),
    ).toBeTruthy();
    expect(fake().callsTo(ORDER)).toHaveLength(1);
  });
});

describe('moving a saved view by keyboard', () => {
  it('keeps the focus on the button pressed while it saves, then gives it to the other at the start', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const bares = savedView(4, 'Bares', 1);
    fake().on(`GET ${VIEWS}`, listed(cafes, bares));
    const { user, dialog } = await openOptions('Bares');
    const left = within(dialog).getByRole('button', { name: 'Mover a la izquierda' });
    const right = within(dialog).getByRole('button', { name: 'Mover a la derecha' });
    const release = fake().hold(`PUT ${ORDER}`);
    fake().on(`PUT ${ORDER}`, listed(bares, cafes));
    fake().on(`GET ${VIEWS}`, listed(bares, cafes));
    left.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(left.getAttribute('aria-busy')).toBe('true'));
    expect(left).toHaveProperty('disabled', false);
    expect(right).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(left);
    await user.keyboard('{Enter}');
    expect(fake().callsTo(ORDER)).toHaveLength(1);

    release();
    await waitFor(() => expect(chips()).toEqual(['Bares', 'Cafés']));
    await waitFor(() => expect(left).toHaveProperty('disabled', true));
    expect(document.activeElement).toBe(right);
  });
});

describe('renaming and deleting a saved view', () => {
  it('renaming it closes the dialog and says the new name in a toast', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const renamed = { ...cafes, name: 'Cafeterías' };
    fake().on(`GET ${VIEWS}`, listed(cafes));
    const { user, dialog } = await openOptions('Cafés');
    fake().on(`PATCH ${VIEWS}/3`, { status: 200, body: { success: true, saved_view: renamed } });
    fake().on(`GET ${VIEWS}`, listed(renamed));
    const field = within(dialog).getByLabelText('Nombre de la vista');
    await user.clear(field);
    await user.type(field, '  Cafeterías ');
    await user.click(within(dialog).getByRole('button', { name: 'Renombrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Se renombró la vista a «Cafeterías».');
    expect(await screen.findByRole('button', { name: 'Cafeterías' })).toBeTruthy();
  });

  it('deleting it closes the dialog and says which view went in a toast', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const bares = savedView(4, 'Bares', 1);
    fake().on(`GET ${VIEWS}`, listed(cafes, bares));
    const { user, dialog } = await openOptions('Cafés');
    fake().on(`DELETE ${VIEWS}/3`, { status: 200, body: { success: true, message: 'Saved view deleted' } });
    fake().on(`GET ${VIEWS}`, listed(bares));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar vista' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Se eliminó la vista «Cafés».');
    await waitFor(() => expect(chips()).toEqual(['Bares']));
  });

  it('moving it says nothing in a toast: the chips show the new order', async () => {
    const cafes = savedView(3, 'Cafés', 0);
    const bares = savedView(4, 'Bares', 1);
    fake().on(`GET ${VIEWS}`, listed(cafes, bares));
    const { user, dialog } = await openOptions('Cafés');
    fake().on(`PUT ${ORDER}`, listed(bares, cafes));
    fake().on(`GET ${VIEWS}`, listed(bares, cafes));
    await user.click(within(dialog).getByRole('button', { name: 'Mover a la derecha' }));

    await waitFor(() => expect(chips()).toEqual(['Bares', 'Cafés']));
    expect(toast.success).not.toHaveBeenCalled();
  });
});
