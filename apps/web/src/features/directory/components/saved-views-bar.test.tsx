// A saved view deleted in another tab or session while its options are open: the dialog says so
// instead of vanishing under the person's hands.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../api/saved-views-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { readView } from '../directory-view.ts';
import { SavedViewsBar } from './saved-views-bar.tsx';

const VIEWS = '/master/saved-views/api/v1/saved-views';
const cafes: SavedView = {
  id: 3,
  name: 'Cafés',
  position: 0,
  query: { search: 'cafe' },
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};
const NOT_FOUND = {
  status: 404,
  body: { success: false, error: 'Saved view not found', message: 'Saved view not found' },
};

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const fake = signedInWithFakeFetch();

beforeEach(() => {
  toast.success.mockReset();
});

async function openOptions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SavedViewsBar view={readView(new URLSearchParams())} onOpen={() => {}} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Opciones de la vista Cafés' }));
  const dialog = await screen.findByRole('dialog', { name: 'Vista «Cafés»' });
  return { user, dialog };
}

describe('saved views: a view deleted elsewhere', () => {
  it('renaming it says the view no longer exists; Aceptar closes and focuses Guardar vista', async () => {
    fake().on(`GET ${VIEWS}`, { status: 200, body: { success: true, saved_views: [cafes] } });
    const { user, dialog } = await openOptions();
    // Meanwhile another tab deletes it: the rename answers 404 and the list read after it is empty.
    fake().on(`PATCH ${VIEWS}/3`, NOT_FOUND);
    fake().on(`GET ${VIEWS}`, { status: 200, body: { success: true, saved_views: [] } });
    const field = within(dialog).getByLabelText('Nombre de la vista');
    await user.clear(field);
    await user.type(field, 'Cafeterías');
    await user.click(within(dialog).getByRole('button', { name: 'Renombrar' }));

    expect(
      await within(dialog).findByText('Esta vista ya no existe: se eliminó desde otra pestaña o sesión.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Vista «Cafés»' })).toBe(dialog);
    expect(screen.queryByRole('button', { name: 'Opciones de la vista Cafés' })).toBeNull();

    // Not renamed: no toast says it was.
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guardar vista' })),
    );
  });

  it('deleting it is done, with no error: the dialog closes and the toast says it', async () => {
    fake().on(`GET ${VIEWS}`, { status: 200, body: { success: true, saved_views: [cafes] } });
    const { user, dialog } = await openOptions();
    fake().on(`DELETE ${VIEWS}/3`, NOT_FOUND);
    fake().on(`GET ${VIEWS}`, { status: 200, body: { success: true, saved_views: [] } });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar vista' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Se eliminó la vista «Cafés».');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guardar vista' })),
    );
  });
});
