// 'Generar nuevos códigos' while another tab turns the second factor off: the status is read again
// after the answer, and codes of a 2FA that is off are never shown (they no longer work). The card
// says 'Desactivada' and why.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { setMessageTranslator } from '../../../lib/message-translator.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import SecurityScreen from './security-screen.tsx';

const CODES = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`);
const status = (enabled: boolean) => ({
  status: 200,
  body: { success: true, enabled, required: false, recovery_codes_left: enabled ? 10 : 0 },
});
const TURNED_OFF = 'La verificación en dos pasos se desactivó en otra pestaña o sesión';

let fake: ReturnType<typeof installFakeFetch>;

beforeAll(registerSpanishMessages);
afterAll(() => setMessageTranslator(null));

beforeEach(() => {
  localStorage.clear();
  sessionStore.signIn(adminSession());
  fake = installFakeFetch();
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

async function regenerate() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/seguridad']}>
        <SecurityScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Generar nuevos códigos' }));
  await user.type(screen.getByRole('textbox', { name: 'Código de su aplicación' }), '123456');
  await user.click(screen.getByRole('button', { name: 'Generar códigos' }));
}

it('does not show codes answered just before another tab turned 2FA off', async () => {
  fake.on('GET /auth/2fa', status(true), status(false));
  fake.on('POST /auth/2fa/recovery-codes', {
    status: 200,
    body: { success: true, message: 'replaced', recovery_codes: CODES },
  });
  await regenerate();

  expect((await screen.findByRole('alert')).textContent).toContain(TURNED_OFF);
  expect(screen.getByText('Desactivada')).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Códigos de recuperación' })).toBeNull();
  expect(screen.queryByText(CODES[0]!)).toBeNull();
  expect(fake.callsTo('/auth/2fa')).toHaveLength(2);
}, 30_000);

it('reads the status again when refused because 2FA is no longer on', async () => {
  fake.on('GET /auth/2fa', status(true), status(false));
  fake.on('POST /auth/2fa/recovery-codes', {
    status: 409,
    body: {
      success: false,
      error: 'Two-factor authentication is not enabled',
      message: 'Two-factor authentication is not enabled',
    },
  });
  await regenerate();

  expect((await screen.findByRole('alert')).textContent).toContain(TURNED_OFF);
  expect(screen.getByText('Desactivada')).toBeTruthy();
  expect(screen.queryByText('Activada')).toBeNull();
  expect(screen.getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeTruthy();
}, 30_000);

it('shows the new codes while 2FA is still on', async () => {
  fake.on('GET /auth/2fa', status(true), status(true));
  fake.on('POST /auth/2fa/recovery-codes', {
    status: 200,
    body: { success: true, message: 'replaced', recovery_codes: CODES },
  });
  await regenerate();

  const list = await screen.findByRole('list', { name: 'Códigos de recuperación' });
  expect(list.textContent).toContain(CODES[0]);
  expect(screen.queryByText(new RegExp(TURNED_OFF))).toBeNull();
}, 30_000);
