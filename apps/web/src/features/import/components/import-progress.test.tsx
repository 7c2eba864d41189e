import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { cancelImport, type ImportRecord } from '../../../api/business-import-api.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { importKeys } from '../api/use-business-import.ts';
import { importRecord } from '../test-import-record.ts';
import { ImportProgress } from './import-progress.tsx';

vi.mock('../../../api/business-import-api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  cancelImport: vi.fn(),
}));

beforeAll(registerSpanishMessages);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const record = (values: Partial<ImportRecord> = {}): ImportRecord =>
  importRecord({
    import_id: ID,
    status: 'running',
    total_rows: 1_200,
    processed_rows: 500,
    summary: { create: 500, update: 0, unchanged: 0, error: 0 },
    ...values,
  });

/** The progress card of `values`, re-rendered from the query cache as the screen does. */
function show(values: Partial<ImportRecord> = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(importKeys.one(ID), record(values));
  const view = () => <ImportProgress record={client.getQueryData<ImportRecord>(importKeys.one(ID))!} />;
  const rendered = render(<QueryClientProvider client={client}>{view()}</QueryClientProvider>);
  client
    .getQueryCache()
    .subscribe(() => rendered.rerender(<QueryClientProvider client={client}>{view()}</QueryClientProvider>));
  return client;
}

const cancelButton = () => screen.getByRole('button', { name: 'Cancelar importación' });

describe("a running import's 'Cancelar importación'", () => {
  it('asks first, and closing the dialog cancels nothing', async () => {
    show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar importación' });
    expect(
      within(dialog).getByText('La importación se detendrá al terminar el lote de filas en curso.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/«No aplicado: importación cancelada»/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir importando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelImport).not.toHaveBeenCalled();
  });

  it('once confirmed, says the import is being cancelled and offers the button no more', async () => {
    vi.mocked(cancelImport).mockResolvedValue(record({ processed_rows: 1000, cancel_requested: true }));
    show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar importación' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(vi.mocked(cancelImport).mock.calls[0]?.[0]).toBe(ID);
    const heading = screen.getByRole('heading', { name: 'Cancelando la importación...' });
    expect(screen.getByText(/1,000 de 1,200 filas procesadas\. La importación se detendrá/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar importación' })).toBeNull();
    // The button that opened the dialog is gone: the focus is on what replaced it.
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('tells a queued import applies nothing', async () => {
    show({ status: 'queued', processed_rows: 0 });
    expect(screen.getByRole('heading', { name: 'Importación en cola' })).toBeTruthy();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('La importación aún no ha empezado: no se aplicará ninguna fila.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/ya se crearon o actualizaron/)).toBeNull();
  });

  it('says the import already ended when another tab cancelled it first, not that the cancel failed', async () => {
    vi.mocked(cancelImport).mockRejectedValue(
      new ApiError('This import has already ended: it can no longer be cancelled', 409),
    );
    show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar importación' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'La importación ya terminóQuizá se canceló en otra pestaña o acabó mientras tanto: ya no hay nada que cancelar.',
    );
    // Nothing left to cancel: only 'Aceptar', with the focus.
    expect(within(dialog).queryByRole('button', { name: 'Cancelar importación' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Aceptar' })),
    );
  });

  it('says in Spanish why the cancel was refused, and keeps the dialog open', async () => {
    vi.mocked(cancelImport).mockRejectedValue(new ApiError('Internal server error', 500));
    show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar importación' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('No se pudo cancelar la importaciónError interno del servidor.');
  });

  it('keeps the focus on its button while it asks (focusable, not disabled)', async () => {
    vi.mocked(cancelImport).mockReturnValue(new Promise(() => {}));
    show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar importación' });
    confirm.focus();
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-disabled')).toBe('true'));
    expect(confirm).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    expect(cancelImport).toHaveBeenCalledTimes(1);
  });

  it('says a cancel asked meanwhile in another tab, and closing leaves the focus on the heading', async () => {
    const client = show();
    fireEvent.click(cancelButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Ya se pidió cancelarla')).toBeNull();
    // The next read of the progress: another tab asked for the cancel.
    act(() => client.setQueryData(importKeys.one(ID), record({ cancel_requested: true })));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Ya se pidió cancelarlaQuizá en otra pestaña: la importación se detendrá al terminar el lote de filas en curso.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir importando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const heading = screen.getByRole('heading', { name: 'Cancelando la importación...' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('shows a cancel asked before (another tab, a reload) without the button', () => {
    show({ cancel_requested: true });
    expect(screen.getByRole('heading', { name: 'Cancelando la importación...' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar importación' })).toBeNull();
  });
});
