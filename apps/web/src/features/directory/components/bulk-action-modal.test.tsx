// The bulk action's result in the action's own words, and 'Deshacer' of a bulk deletion: it
// restores the businesses that deletion sent to the trash, and only those, then says one by one what
// happened.
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import type { BulkKind } from '../api/use-bulk-action.ts';
import { BulkActionModal } from './bulk-action-modal.tsx';

const BULK = 'POST /master/business-data/api/v1/business-data/bulk';
const restorePath = (registry: string) => `${BUSINESS_TRASH_PATH}/registry/${registry}/restore`;
const fake = signedInWithFakeFetch();
beforeAll(() => registerSpanishMessages());

const row = (n: number): BusinessRow => ({
  id: n,
  business_registry_number: `REG00000${n}`,
  business_name: `Panadería Número ${n}`,
  business_owner: 'Ana Rivera',
  business_email: `p${n}@example.com`,
  business_phone: '7875550100',
  business_address: null,
  business_category: 'Panaderías',
  business_description: null,
  business_year: 2010,
  verified_email: false,
  verified_phone: false,
  business_created_at: '2026-01-01T00:00:00Z',
  registration_date: '2026-01-01T00:00:00Z',
});

const line = (n: number, status: number) => ({
  business_registry_number: `REG00000${n}`,
  status,
  message: status === 200 ? 'ok' : 'Precondition failed: the record was changed by someone else',
});
const bulkAnswer = (...lines: ReturnType<typeof line>[]) => ({
  status: 200,
  body: {
    success: true,
    results: lines,
    summary: {
      succeeded: lines.filter((l) => l.status === 200).length,
      failed: lines.filter((l) => l.status !== 200).length,
    },
  },
});
const restored = (n: number) => ({
  status: 200,
  body: { message: 'Business restored from the trash', business: row(n) },
});

function renderModal(kind: BulkKind, count: number, unread: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const rows = new Map<string, BusinessRow | null>(
    Array.from({ length: count }, (_, i) => [`REG00000${i + 1}`, row(i + 1)] as const),
  );
  // Numbers of the selection that no page the portal read showed (the whole search was selected).
  for (const registry of unread) rows.set(registry, null);
  render(
    <QueryClientProvider client={client}>
      <BulkActionModal kind={kind} rows={rows} onFinished={() => {}} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { invalidate, user: userEvent.setup() };
}

async function deleteAll(user: ReturnType<typeof userEvent.setup>, count: number) {
  const dialog = await screen.findByRole('dialog', { name: `Eliminar ${count} negocios` });
  await user.type(within(dialog).getByLabelText(`Escriba ${count} para confirmar`), String(count));
  await user.click(within(dialog).getByRole('button', { name: `Eliminar ${count} negocios` }));
  return dialog;
}

const restoresAsked = () =>
  fake()
    .calls.filter((call) => call.method === 'POST' && call.path.endsWith('/restore'))
    .map((call) => call.path);

describe("a bulk deletion's confirmation", () => {
  it('names the businesses it will delete', async () => {
    renderModal('delete', 2);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar 2 negocios' });
    const names = within(dialog).getByRole('list', { name: 'Negocios que se eliminarán' });
    expect(
      within(names)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Panadería Número 1 REG000001', 'Panadería Número 2 REG000002']);
    expect(dialog.textContent).toContain(
      'Se eliminarán 2 negocios con todos sus datos; podrá restaurarlos desde la Papelera.',
    );
  });

  it('lists five of a large selection and says how many more; a number no page showed, by itself', async () => {
    renderModal('delete', 3, ['REG000777', 'REG000778', 'REG000779', 'REG000780']);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar 7 negocios' });
    const names = within(dialog).getByRole('list', { name: 'Negocios que se eliminarán' });
    const items = within(names).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.at(-1)?.textContent?.trim()).toBe('REG000778');
    expect(within(dialog).getByText('y 2 más')).toBeTruthy();
  });

  it('speaks of one business in the singular', async () => {
    renderModal('delete', 1);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar 1 negocio' });
    expect(dialog.textContent).toContain(
      'Se eliminará 1 negocio con todos sus datos; podrá restaurarlo desde la Papelera.',
    );
    expect(within(dialog).getByText('El negocio irá a la Papelera')).toBeTruthy();
    expect(within(dialog).queryByText(/más$/)).toBeNull();
  });
});

describe('the result of a bulk deletion', () => {
  it("says the businesses went to the Papelera; 'Deshacer' brings them back and reads the lists again", async () => {
    fake().on(BULK, bulkAnswer(line(1, 200), line(2, 200)));
    fake().on(`POST ${restorePath('REG000001')}`, restored(1));
    fake().on(`POST ${restorePath('REG000002')}`, restored(2));
    const { invalidate, user } = renderModal('delete', 2);
    const dialog = await deleteAll(user, 2);

    await within(dialog).findByText('Se enviaron 2 negocios a la Papelera');
    // The title names what happened, not what it asked ('Eliminar 2 negocios'), and no noun twice.
    expect(screen.getByRole('dialog', { name: 'Eliminación de 2 negocios' })).toBe(dialog);
    expect(dialog.textContent).toContain(
      'Los negocios eliminados pueden restaurarse desde la Papelera, o ahora mismo con «Deshacer».',
    );
    invalidate.mockClear();
    await user.click(within(dialog).getByRole('button', { name: 'Deshacer' }));

    await within(dialog).findByText('Se restauraron 2 negocios');
    expect(screen.getByRole('dialog', { name: 'Restauración de 2 negocios' })).toBe(dialog);
    expect(dialog.textContent).toContain('Vuelven a estar en el directorio con todos sus datos.');
    expect(restoresAsked()).toEqual([restorePath('REG000001'), restorePath('REG000002')]);
    // Every screen's data, as the single deletion's 'Deshacer' does.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith());
    expect(within(dialog).queryByRole('button', { name: 'Deshacer' })).toBeNull();
    const close = within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1);
    await waitFor(() => expect(document.activeElement).toBe(close));
  });

  it("'Deshacer' restores only what this deletion sent to the trash, and says why one could not be", async () => {
    fake().on(BULK, bulkAnswer(line(1, 200), line(2, 200), line(3, 412)));
    fake().on(`POST ${restorePath('REG000001')}`, restored(1));
    fake().on(`POST ${restorePath('REG000002')}`, {
      status: 409,
      body: {
        success: false,
        message: 'Cannot restore: another business now has this email',
        field: 'business_email',
        holder: { business_registry_number: 'REG000099', business_name: 'Café Nuevo' },
      },
    });
    const { user } = renderModal('delete', 3);
    const dialog = await deleteAll(user, 3);

    await within(dialog).findByText('Se enviaron 2 de 3 negocios a la Papelera');
    expect(dialog.textContent).toContain(
      'Los negocios eliminados pueden restaurarse desde la Papelera, o ahora mismo con «Deshacer».',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deshacer' }));

    await within(dialog).findByText('Se restauró 1 de 2 negocios');
    expect(restoresAsked()).toEqual([restorePath('REG000001'), restorePath('REG000002')]);
    const failures = within(dialog).getByRole('region', { name: 'Negocios que no se restauraron' });
    const items = within(failures).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Panadería Número 2');
    expect(items[0]?.textContent).toContain(
      'No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «Café Nuevo» (REG000099).',
    );
  });

  it('offers no Deshacer when nothing was sent to the trash', async () => {
    fake().on(BULK, bulkAnswer(line(1, 412), line(2, 412)));
    const { user } = renderModal('delete', 2);
    const dialog = await deleteAll(user, 2);
    await within(dialog).findByText('No se eliminó ninguno de los 2 negocios');
    expect(within(dialog).queryByRole('button', { name: 'Deshacer' })).toBeNull();
  });
});

describe('the result of a bulk verification', () => {
  it('says the email is verified, not that the businesses were updated', async () => {
    fake().on(BULK, bulkAnswer(line(1, 200), line(2, 200)));
    const { user } = renderModal('verify_email', 2);
    const dialog = await screen.findByRole('dialog', { name: 'Verificar el email de 2 negocios' });
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar a 2 negocios' }));
    await within(dialog).findByText('Email verificado en 2 negocios');
    expect(screen.getByRole('dialog', { name: 'Verificación del email de 2 negocios' })).toBe(dialog);
    expect(dialog.textContent).toContain('Los negocios seleccionados tienen ahora el email verificado.');
    expect(within(dialog).queryByRole('button', { name: 'Deshacer' })).toBeNull();
  });

  it('asks with nothing between the sentence and the buttons', async () => {
    renderModal('verify_phone', 2);
    const dialog = await screen.findByRole('dialog', { name: 'Verificar el teléfono de 2 negocios' });
    const header = within(dialog).getByText('Se marcará el teléfono como verificado en 2 negocios.')
      .parentElement?.parentElement;
    const buttons = within(dialog).getByRole('button', { name: 'Aplicar a 2 negocios' }).parentElement;
    expect(header?.nextElementSibling).toBe(buttons);
  });
});
