// 'Restaurar seleccionados': the dialog names the businesses, restores each with the trash's own
// restore, and says which came back and why the others did not (naming who holds the email now).
import { BUSINESS_TRASH_PATH, TRASH_MSG } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { BulkRestoreModal } from './bulk-restore-modal.tsx';

const fake = signedInWithFakeFetch();
beforeAll(registerSpanishMessages);

const trashed = (n: number) =>
  ({
    business_registry_number: `REG00000${n}`,
    business_name: `Colmado ${n}`,
  }) as TrashedBusiness;
const restorePath = (n: number) => `POST ${BUSINESS_TRASH_PATH}/registry/REG00000${n}/restore`;

function renderModal(count: number, onRestored: (registries: string[]) => void) {
  const rows = new Map(Array.from({ length: count }, (_, i) => [`REG00000${i + 1}`, trashed(i + 1)]));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BulkRestoreModal rows={rows} onRestored={onRestored} onClose={() => {}} focusFallback={createRef()} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('BulkRestoreModal', () => {
  it('names the first five and how many more before it restores anything', () => {
    renderModal(7, () => {});
    const dialog = screen.getByRole('dialog', { name: 'Restaurar 7 negocios' });
    const names = within(dialog).getByRole('list', { name: 'Negocios que se restaurarán' });
    expect(within(names).getAllByRole('listitem')).toHaveLength(5);
    expect(within(dialog).getByText('y 2 más')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Restaurar 7 negocios' })).toBeTruthy();
    expect(fake().calls).toHaveLength(0);
  });

  it('restores each one, says why the one refused was not, and hands back only those restored', async () => {
    const ok = { status: 200, body: { business: {} } };
    fake().on(restorePath(1), ok);
    fake().on(restorePath(3), ok);
    fake().on(restorePath(2), {
      status: 409,
      body: {
        success: false,
        error: TRASH_MSG.emailTaken,
        holder: { business_registry_number: 'REG000099', business_name: 'Café Nuevo' },
      },
    });
    const onRestored = vi.fn();
    const user = renderModal(3, onRestored);
    await user.click(screen.getByRole('button', { name: 'Restaurar 3 negocios' }));

    const dialog = await screen.findByRole('dialog', { name: 'Restauración de 3 negocios' });
    expect(within(dialog).getByText('Se restauraron 2 de 3 negocios')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Abajo se indica por qué no se pudo restaurar uno; sigue seleccionado para volver a intentarlo.',
      ),
    ).toBeTruthy();
    const failures = within(dialog).getByRole('region', { name: 'Negocios que no se restauraron' });
    expect(within(failures).getByText('Colmado 2')).toBeTruthy();
    expect(
      within(failures).getByText(
        'No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «Café Nuevo» (REG000099).',
      ),
    ).toBeTruthy();
    expect(onRestored).toHaveBeenCalledWith(['REG000001', 'REG000003']);
    // The footer's 'Cerrar' (the last of the two named so) takes the focus once it has run.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1));
  });

  it('cannot be closed while it runs, and says how far it got', async () => {
    const release = fake().hold(restorePath(1));
    const ok = { status: 200, body: { business: {} } };
    fake().on(restorePath(1), ok);
    const onClose = vi.fn();
    const rows = new Map([['REG000001', trashed(1)]]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkRestoreModal rows={rows} onRestored={() => {}} onClose={onClose} focusFallback={createRef()} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Restaurar 1 negocio' }));
    expect((await screen.findByRole('status')).textContent).toBe('Restaurando 0 de 1 negocio…');
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    release();
    expect(await screen.findByText('Se restauró 1 negocio')).toBeTruthy();
  });
});
