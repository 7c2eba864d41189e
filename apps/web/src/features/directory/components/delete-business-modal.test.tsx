import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  it('shows the default message for a 204', async () => {
    fake().on(DELETE, { status: 204 });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
    await user.type(within(dialog).getByLabelText(/Escriba el número de registro/), 'REG000041');
    await user.click(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' }));
    expect(await within(dialog).findByText('Negocio eliminado exitosamente.')).toBeTruthy();
  });
});
