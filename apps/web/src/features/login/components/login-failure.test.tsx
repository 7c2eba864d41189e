// A refused sign-in says why in the same moment the form is usable again: the banner's code is part
// of the login page, not downloaded once the refusal has come back (on a slow server, a wait with
// no message). Its own file: nothing else here has shown a failure before.
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
  fake.on('GET /auth/options', { status: 200, body: { master_identifier_sha256: '0'.repeat(64) } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows the refusal of a 401 with the render that ends the attempt', async () => {
  fake.on('POST /auth/login', {
    status: 401,
    body: { success: false, error: 'Credenciales inválidas', message: 'Credenciales inválidas' },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Equivocada#1');
  const release = fake.hold('POST /auth/login');
  const button = screen.getByRole('button', { name: 'Iniciar Sesión' });
  await user.click(button);
  await vi.waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));

  release();
  await vi.waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  // Checked at once, without waiting: the attempt's end and its message are one render.
  const banner = screen.getByRole('alert');
  expect(banner.textContent).toBe('Credenciales inválidas');
  expect(banner.getAttribute('data-tone')).toBe('warning');
});

it('keeps the focus on the button pressed while it waits, then gives it to the password field', async () => {
  fake.on('POST /auth/login', {
    status: 401,
    body: { success: false, error: 'Credenciales inválidas', message: 'Credenciales inválidas' },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
  const password = screen.getByLabelText('Contraseña');
  await user.type(password, 'Equivocada#1');
  const release = fake.hold('POST /auth/login');
  const button = screen.getByRole('button', { name: 'Iniciar Sesión' });
  button.focus();
  await user.keyboard('{Enter}');
  await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
  expect(document.activeElement).toBe(button);

  release();
  expect((await screen.findByRole('alert')).textContent).toBe('Credenciales inválidas');
  await vi.waitFor(() => expect(document.activeElement).toBe(password));
});
