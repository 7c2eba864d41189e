import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business, renderActions, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();

describe('Actualizar Email', () => {
  const INITIATE = 'POST /master/email-change/api/v1/email-change/initiate';
  const COMPLETE = 'POST /master/email-change/api/v1/email-change/complete';
  /** The server's 200 to initiate and to complete, for a change to `email`. */
  const changedTo = (email: string) => ({
    status: 200,
    body: { success: true, old_email: business.business_email, new_email: email, message: 'x' },
  });

  it('checks the address, sends the code, counts down, and completes with 6 digits', async () => {
    fake().on(INITIATE, changedTo('nuevo@example.com'));
    fake().on(
      COMPLETE,
      { status: 401, body: { success: false, error: 'Unauthorized: Invalid verification code or access.' } },
      changedTo('nuevo@example.com'),
    );
    const { user, onBusinessChange } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Actualizar email de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Email' });
    await user.type(within(dialog).getByLabelText('Nuevo email'), 'nuevo@');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Código' }));
    expect(await within(dialog).findByText('Por favor, ingrese un email válido.')).toBeTruthy();
    expect(fake().callsTo(INITIATE.split(' ')[1]!)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nuevo email'), 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Código' }));
    const code = await within(dialog).findByLabelText('Código de verificación');
    expect(within(dialog).getByRole('button', { name: /^Reenviar en (60|59)s$/ })).toBeTruthy();
    // From its sending, not from now: after a 429 the step shows a code mailed a while ago.
    expect(within(dialog).getByText(/Vence a los 10 minutos de su envío\./)).toBeTruthy();

    await user.type(code, '12a');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cambio' }));
    expect(await within(dialog).findByText('El código debe ser de 6 dígitos.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cambio' }));
    expect(
      await within(dialog).findByText('Unauthorized: Invalid verification code or access.'),
    ).toBeTruthy();
    // A wrong code is not an expired session: no refresh, no second try with the same code.
    expect(fake().callsTo('/auth/refresh')).toHaveLength(0);
    expect(fake().callsTo(COMPLETE.split(' ')[1]!)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cambio' }));
    expect(await within(dialog).findByText('Email actualizado exitosamente')).toBeTruthy();
    expect(within(dialog).getByText(/y queda verificado\.$/)).toBeTruthy();
    expect(fake().calls.at(-1)?.body).toEqual({
      business_registry_number: 'REG000041',
      new_email: 'nuevo@example.com',
      verification_code: '123456',
    });

    // The row shows the new email, verified (the code proved it), as soon as the change succeeds.
    expect(onBusinessChange).toHaveBeenCalledWith({
      business_email: 'nuevo@example.com',
      verified_email: true,
    });
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onBusinessChange).toHaveBeenCalledTimes(1);
  });

  it('a wrong code says so plainly with the tries left, and the field is ready for the next try', async () => {
    fake().on(INITIATE, changedTo('nuevo@example.com'));
    fake().on(COMPLETE, {
      status: 401,
      body: { success: false, error: 'Unauthorized: Invalid verification code or access.', tries_left: 4 },
    });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Actualizar email de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Email' });
    await user.type(within(dialog).getByLabelText('Nuevo email'), 'nuevo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Código' }));
    const code = await within(dialog).findByLabelText('Código de verificación');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cambio' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'El código no es correcto. Le quedan 4 intentos.',
    );
    // The field was disabled while the code was checked; typing the right one needs no extra click.
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('goes back to step 1 with the countdown on the send button', async () => {
    fake().on(INITIATE, changedTo('otro@example.com'));
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Actualizar email de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Email' });
    await user.type(within(dialog).getByLabelText('Nuevo email'), 'otro@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Código' }));
    await within(dialog).findByLabelText('Código de verificación');
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect((within(dialog).getByLabelText('Nuevo email') as HTMLInputElement).value).toBe('otro@example.com');
    const send = within(dialog).getByRole('button', { name: /^Reenviar en \d+s$/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
  });

  it('says the connection failed when the server cannot be reached', async () => {
    fake().on(INITIATE, 'network-error');
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Actualizar email de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Actualizar Email' });
    await user.type(within(dialog).getByLabelText('Nuevo email'), 'otro@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar Código' }));
    expect(await within(dialog).findByText('Error de conexión. Por favor intente nuevamente.')).toBeTruthy();
  });
});
