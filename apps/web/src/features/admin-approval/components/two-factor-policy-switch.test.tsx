import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  vi.unstubAllGlobals();
});

const policy = (on: boolean, extra: object = {}) => ({
  status: 200,
  body: { success: true, admins_require_2fa: on, updated_at: null, updated_by: 'Master', ...extra },
});

/** The switch, once the policy is read (off). */
async function renderSwitch() {
  fake.on(`GET ${PATH}`, policy(false));
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

async function turnOn(signedOut: number) {
  const toggle = await renderSwitch();
  fake.on(`PUT ${PATH}`, policy(true, { admins_signed_out: signedOut, message: 'ok' }));
  fireEvent.click(toggle);
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
});
