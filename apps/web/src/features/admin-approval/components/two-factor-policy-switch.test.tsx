import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMessageTranslator } from '../../../lib/message-translator.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import TwoFactorPolicySwitch from './two-factor-policy-switch.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PATH = '/master/two-factor/api/v1/policy';
let fake: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  fake = installFakeFetch();
  toast.success.mockReset();
});
afterEach(() => {
  cleanup();
  setMessageTranslator(null);
  vi.unstubAllGlobals();
});

const policy = (on: boolean, extra: object = {}) => ({
  status: 200,
  body: {
    success: true,
    admins_require_2fa: on,
    updated_at: null,
    updated_by: 'Master',
    admins_signed_in_without_2fa: 2,
    ...extra,
  },
});

/**
 * The switch, once the policy is read (off unless `on`); turning it on reads the policy again,
 * answered with `reread` admins signed in without 2FA.
 */
async function renderSwitch(on = false, reread = 2) {
  fake.on(`GET ${PATH}`, policy(on), policy(on, { admins_signed_in_without_2fa: reread }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TwoFactorPolicySwitch />
    </QueryClientProvider>,
  );
  const toggle = await screen.findByRole('switch', { name: /Verificación en dos pasos obligatoria/ });
  await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
  return toggle;
}

const puts = () => fake.calls.filter((call) => call.method === 'PUT');
const confirmDialog = () => screen.queryByRole('dialog', { name: 'Exigir verificación en dos pasos' });

async function turnOn(signedOut: number) {
  const toggle = await renderSwitch();
  fake.on(`PUT ${PATH}`, policy(true, { admins_signed_out: signedOut, message: 'ok' }));
  fireEvent.click(toggle);
  fireEvent.click(await screen.findByRole('button', { name: 'Exigir verificación' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalled());
}

describe('the 2FA policy switch', () => {
  it('says how many admins were signed out when it requires the second factor', async () => {
    await turnOn(3);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', body: { admins_require_2fa: true } });
    expect(toast.success).toHaveBeenCalledWith(
      'Ahora los administradores deben usar la verificación en dos pasos.',
      {
        description:
          'Se cerraron las sesiones de 3 administradores sin ella; la configurarán al volver a entrar.',
      },
    );
  });

  it('says nothing of sessions when none was open', async () => {
    await turnOn(0);
    expect(toast.success).toHaveBeenCalledWith(
      'Ahora los administradores deben usar la verificación en dos pasos.',
      undefined,
    );
  });

  it('keeps the focus while the change is saved, and a second press meanwhile does nothing', async () => {
    const toggle = await renderSwitch();
    const release = fake.hold(`PUT ${PATH}`);
    fake.on(`PUT ${PATH}`, policy(true, { admins_signed_out: 0, message: 'ok' }));
    toggle.focus();
    const user = userEvent.setup();
    await user.keyboard(' ');
    await user.click(await screen.findByRole('button', { name: 'Exigir verificación' }));

    await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBe('true'));
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    expect(toggle).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    await user.click(toggle);
    expect(fake.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);

    release();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(toggle.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('asks before requiring it, saying how many admins without it it signs out, as read on opening', async () => {
    const toggle = await renderSwitch(false, 4);
    fireEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Exigir verificación en dos pasos' });
    expect(dialog.textContent).toContain(
      'Los administradores que aún no la tienen deberán configurarla la próxima vez que inicien sesión',
    );
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        'Se cerrarán ahora las sesiones abiertas de 4 administradores sin ella.',
      ),
    );
    expect(fake.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(puts()).toHaveLength(0);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it.each([
    [1, 'Se cerrará ahora la sesión abierta de 1 administrador sin ella.'],
    [0, 'Ningún administrador sin ella tiene ahora una sesión abierta: no se cerrará ninguna.'],
  ])('says so when %i admin without it is signed in', async (count, text) => {
    fireEvent.click(await renderSwitch(false, count));
    const dialog = await screen.findByRole('dialog', { name: 'Exigir verificación en dos pasos' });
    await waitFor(() => expect(dialog.textContent).toContain(text));
  });

  it('sends nothing when the question is cancelled, and gives the focus back to the switch', async () => {
    const toggle = await renderSwitch();
    toggle.focus();
    const user = userEvent.setup();
    await user.keyboard(' ');
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(puts()).toHaveLength(0);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('sends the change once when confirmed, and gives the focus back to the switch', async () => {
    const toggle = await renderSwitch();
    fake.on(`PUT ${PATH}`, policy(true, { admins_signed_out: 2, message: 'ok' }));
    toggle.focus();
    const user = userEvent.setup();
    await user.keyboard(' ');
    await user.click(await screen.findByRole('button', { name: 'Exigir verificación' }));

    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(confirmDialog()).toBeNull();
    expect(puts()).toEqual([expect.objectContaining({ body: { admins_require_2fa: true } })]);
    expect(document.activeElement).toBe(toggle);
  });

  it('stops requiring it at once, without asking', async () => {
    const toggle = await renderSwitch(true);
    fake.on(`PUT ${PATH}`, policy(false, { admins_signed_out: 0, message: 'ok' }));
    fireEvent.click(toggle);

    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(confirmDialog()).toBeNull();
    expect(puts()).toEqual([expect.objectContaining({ body: { admins_require_2fa: false } })]);
    expect(toast.success).toHaveBeenCalledWith(
      'La verificación en dos pasos ya no es obligatoria para los administradores.',
      undefined,
    );
  });

  it('says the policy could not be read, shows no switch, and Reintentar reads it again', async () => {
    registerSpanishMessages();
    fake.on(`GET ${PATH}`, { status: 500, body: { success: false, error: 'Internal server error' } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <TwoFactorPolicySwitch />
      </QueryClientProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo cargar la política de verificación en dos pasos');
    expect(alert.textContent).toContain('Error interno del servidor.');
    expect(screen.queryByRole('switch')).toBeNull();

    fake.on(`GET ${PATH}`, policy(true));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const toggle = await screen.findByRole('switch', { name: /Verificación en dos pasos obligatoria/ });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
