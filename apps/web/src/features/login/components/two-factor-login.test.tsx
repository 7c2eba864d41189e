// After a right password of an account with 2FA, the login asks for a code (a lazy step); a wrong
// code reads in Spanish under the same banner style; the right one stores the session.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { LoginPage } from './login-page.tsx';

let fake: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  localStorage.clear();
  sessionStore.clear();
  fake = installFakeFetch();
  fake.on('GET /auth/options', { status: 200, body: { master_identifier_sha256: 'f'.repeat(64) } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const CHALLENGE = {
  status: 200,
  body: { success: true, requires_2fa: true, challenge_token: 'ch-1', challenge_expires_at: 1_900_000_000 },
};

async function toSecondStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Secreta#1');
  await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
  // The step is its own chunk: its first import is slow on a loaded machine.
  expect(
    await screen.findByRole('heading', { name: 'Verificación en dos pasos' }, { timeout: 20_000 }),
  ).toBeTruthy();
}

it('asks for the code after the password, says a wrong one in Spanish, signs in with the right one', async () => {
  fake.on('POST /auth/login', CHALLENGE);
  fake.on(
    'POST /auth/login/2fa',
    {
      status: 401,
      body: { success: false, error: 'Invalid two-factor code', message: 'Invalid two-factor code' },
    },
    {
      status: 200,
      body: {
        success: true,
        jwt: 'token-2fa',
        admin_id: 7,
        session_id: 's-7',
        expires_at: 1_900_000_000,
        login_type: 'admin',
        ip_address: '10.0.0.1',
      },
    },
  );
  const user = renderLogin();
  await toSecondStep(user);
  expect(localStorage.getItem('jwt')).toBeNull();

  // 'Verificar' with no code: said under the field, which takes the keyboard back.
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  expect(screen.getByText('Ingrese el código de 6 dígitos.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Código de verificación'));
  expect(fake.callsTo('/auth/login/2fa')).toEqual([]);

  await user.type(screen.getByLabelText('Código de verificación'), '111111');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  expect(await screen.findByText('Código de verificación incorrecto.')).toBeTruthy();
  // From 'Verificar', pressed, to the code to type again.
  await vi.waitFor(() =>
    expect(document.activeElement).toBe(screen.getByLabelText('Código de verificación')),
  );
  await user.clear(screen.getByLabelText('Código de verificación'));
  await user.type(screen.getByLabelText('Código de verificación'), '222222');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  await vi.waitFor(() => expect(localStorage.getItem('jwt')).toBe('token-2fa'));
  expect(fake.callsTo('/auth/login/2fa').map((call) => call.body)).toEqual([
    { challenge_token: 'ch-1', code: '111111' },
    { challenge_token: 'ch-1', code: '222222' },
  ]);
}, 60_000);

it('forgets a refused code on switching to the other kind of code, not a step that expired', async () => {
  fake.on('POST /auth/login', CHALLENGE);
  const refused = (message: string) => ({ status: 401, body: { success: false, error: message, message } });
  fake.on(
    'POST /auth/login/2fa',
    refused('Invalid two-factor code'),
    refused('This recovery code has already been used'),
    refused('The sign-in step expired or is no longer valid: sign in again'),
  );
  const user = renderLogin();
  await toSecondStep(user);

  await user.type(screen.getByLabelText('Código de verificación'), '111111');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  expect(await screen.findByText('Código de verificación incorrecto.')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
  expect(screen.getByLabelText('Código de recuperación')).toHaveProperty('value', '');
  expect(screen.queryByText('Código de verificación incorrecto.')).toBeNull();

  await user.type(screen.getByLabelText('Código de recuperación'), 'ABCDE-12345');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  const spent = 'Este código de recuperación ya se usó: cada código sirve una sola vez.';
  expect(await screen.findByText(spent)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Usar el código de la aplicación' }));
  expect(screen.getByLabelText('Código de verificación')).toHaveProperty('value', '');
  expect(screen.queryByText(spent)).toBeNull();

  // An expired step is no matter of which code: its message stays.
  await user.type(screen.getByLabelText('Código de verificación'), '222222');
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  const expired = 'El paso de verificación expiró o ya no es válido. Inicie sesión de nuevo.';
  expect(await screen.findByText(expired)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
  expect(screen.getByText(expired)).toBeTruthy();
}, 60_000);
