import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { business, renderActions, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();

describe('Gestionar Verificación', () => {
  const PATCH = 'PATCH /master/verification/registry/REG000041';

  it('saves both flags, updates the row at once, says so, and closes after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fake().on(PATCH, {
      status: 200,
      body: {
        success: true,
        verification_status: { ...business, verified_email: true, verified_phone: false },
      },
    });
    const { user, onBusinessChange } = renderActions();
    const opener = screen.getByRole('button', { name: 'Gestionar verificación de Panadería La Esquina' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Gestionar Verificación' });
    const email = within(within(dialog).getByRole('group', { name: 'Email' })).getByRole('switch');
    expect(email.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).getAllByText('No Verificado')).toHaveLength(2);
    await user.click(email);
    expect(email.getAttribute('aria-checked')).toBe('true');
    expect(within(within(dialog).getByRole('group', { name: 'Email' })).getByText('Verificado')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Estado de verificación actualizado exitosamente')).toBeTruthy();
    expect(fake().calls.at(-1)?.body).toEqual({ verified_email: true, verified_phone: false });
    // The row behind the open modal is updated at once, not when the modal closes.
    expect(onBusinessChange).toHaveBeenCalledWith({ verified_email: true, verified_phone: false });
    expect(screen.getByRole('dialog', { name: 'Gestionar Verificación' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onBusinessChange).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('shows a failure in the modal and keeps it open while saving', async () => {
    fake().on(PATCH, { status: 404, body: { success: false, error: 'Resource not found' } });
    const release = fake().hold(PATCH);
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Gestionar verificación de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gestionar Verificación' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Gestionar Verificación' })).toBeTruthy();
    release();
    expect(await within(dialog).findByText(/Este negocio ya no existe/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
