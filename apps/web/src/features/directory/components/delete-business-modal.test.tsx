import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../api/runtime-config.ts';
import { neverAnswer } from '../../../test/never-answer.ts';
import { renderActions, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();

describe('Eliminar negocio', () => {
  const DELETE = 'DELETE /master/business-deletion/REG000041';

  it('needs the exact registry number, then shows the success and closes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fake().on(DELETE, { status: 200, body: { success: true, message: 'Negocio eliminado exitosamente.' } });
    const { user, onBusinessDeleted } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
    const confirm = within(dialog).getByRole('button', {
      name: 'Entiendo, eliminar este negocio',
    }) as HTMLButtonElement;
    const input = within(dialog).getByLabelText(/Escriba el número de registro/);
    await user.type(input, 'reg000041');
    expect(confirm.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'REG000041');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(await within(dialog).findByText('Eliminación Exitosa')).toBeTruthy();
    expect(within(dialog).getByText('Negocio eliminado exitosamente.')).toBeTruthy();
    // The row goes at once; the modal, which belongs to the screen, stays to say so.
    expect(onBusinessDeleted).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onBusinessDeleted).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus in the typed field while it deletes (read-only), and a second Enter sends nothing', async () => {
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
    const input = within(dialog).getByLabelText(/Escriba el número de registro/) as HTMLInputElement;
    await user.type(input, 'REG000041');
    const release = fake().hold(DELETE);
    fake().on(DELETE, { status: 200, body: { success: true, message: 'Negocio eliminado exitosamente.' } });
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(input.readOnly).toBe(true));
    expect(input.disabled).toBe(false);
    expect(document.activeElement).toBe(input);
    await user.keyboard('X{Enter}');
    expect(input.value).toBe('REG000041');
    expect(fake().callsTo('/master/business-deletion/REG000041')).toHaveLength(1);

    release();
    expect(await within(dialog).findByText('Eliminación Exitosa')).toBeTruthy();
  });

  it('shows the default message for a 204', async () => {
    fake().on(DELETE, { status: 204 });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
    await user.type(within(dialog).getByLabelText(/Escriba el número de registro/), 'REG000041');
    await user.click(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' }));
    expect(await within(dialog).findByText('Negocio eliminado exitosamente.')).toBeTruthy();
  });

  /** Opens the modal, types the registry number and confirms; the open dialog. */
  async function confirmDeletion() {
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
    await user.type(within(dialog).getByLabelText(/Escriba el número de registro/), 'REG000041');
    await user.click(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' }));
    return dialog;
  }

  it('without a connection, says so and to try again, as the lists do', async () => {
    fake().on(DELETE, 'network-error');
    const dialog = await confirmDeletion();
    expect(await within(dialog).findByText('Error de conexión. Por favor intente nuevamente.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' })).toBeTruthy();
  });

  it('without an answer in time, says it may have been deleted and how to check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    neverAnswer(DELETE);
    const dialog = await confirmDeletion();
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(
      await within(dialog).findByText(
        'El servidor no respondió a tiempo: no se pudo confirmar si se eliminó el negocio. ' +
          'Recargue la página para ver si todavía existe antes de volver a intentarlo.',
      ),
    ).toBeTruthy();
  });
});
