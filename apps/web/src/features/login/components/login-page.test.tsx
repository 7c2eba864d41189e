import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { LoginPage } from './login-page.tsx';

const MASTER_HASH = 'fc613b4dfd6736a7bd268c8a0e74ed0d1c04a959f59dd74ef2874983fd443fc9';
let fake: ReturnType<typeof installFakeFetch>;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStore.clear();
  fake = installFakeFetch();
  fake.on('GET /auth/options', { status: 200, body: { master_identifier_sha256: MASTER_HASH } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('switches to the master variant for the master identifier', async () => {
    renderPage();
    const user = userEvent.setup();
    // The file's first render: a loaded machine may take more than the default second.
    await vi.waitFor(() => expect(fake.callsTo('/auth/options')).toHaveLength(1), { timeout: 5_000 });
    await user.type(screen.getByLabelText('Correo Electrónico'), 'master');
    expect(await screen.findByRole('button', { name: 'Acceso Maestro' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByLabelText('Identificador').getAttribute('type')).toBe('text');
    expect(screen.queryByRole('button', { name: '¿Olvidó su contraseña?' })).toBeNull();
  });

  it('shows the SPEC §5 field messages and does not call the server', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('El correo electrónico es requerido')).toBeTruthy();
    expect(screen.getByText('La contraseña es requerida')).toBeTruthy();
    await user.type(screen.getByLabelText('Correo Electrónico'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Por favor ingrese un correo electrónico válido')).toBeTruthy();
    expect(fake.callsTo('/auth/login')).toHaveLength(0);
  });

  it('announces the field messages (role alert) and ties each to its field', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'El correo electrónico es requerido',
      'La contraseña es requerida',
    ]);
    const email = screen.getByLabelText('Correo Electrónico');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')).toBe(alerts[0]);
    expect(document.activeElement).toBe(email);
    const password = screen.getByLabelText('Contraseña');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')).toBe(alerts[1]);
  });

  it('stores the session of SPEC §3 after an admin login', async () => {
    fake.on('POST /auth/login', {
      status: 200,
      body: {
        success: true,
        jwt: 'token-1',
        admin_id: 12,
        session_id: 's-1',
        expires_at: 1_900_000_000,
        login_type: 'admin',
        ip_address: '10.0.0.1',
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Secreta#1');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await vi.waitFor(() => expect(localStorage.getItem('jwt')).toBe('token-1'));
    expect(fake.callsTo('/auth/login')[0].body).toEqual({ email: 'ana@example.com', password: 'Secreta#1' });
    expect(localStorage.getItem('loginType')).toBe('admin');
    expect(localStorage.getItem('adminId')).toBe('12');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual({
      adminId: 12,
      email: 'ana@example.com',
      sessionId: 's-1',
      expiresAt: 1_900_000_000,
      loginType: 'admin',
      ipAddress: '10.0.0.1',
    });
  });

  /** Renders the page and signs in with a wrong password: the server's refusal is on screen. */
  async function failOnce() {
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo Electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'Equivocada#1');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Credenciales inválidas')).toBeTruthy();
    return user;
  }

  it('a new attempt clears the last server error banner', async () => {
    fake.on('POST /auth/login', { status: 401, body: { success: false, error: 'Credenciales inválidas' } });
    const user = await failOnce();

    // The next attempt stops at a field check; the old server answer must not stay on screen.
    await user.clear(screen.getByLabelText('Contraseña'));
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('La contraseña es requerida')).toBeTruthy();
    expect(screen.queryByText('Credenciales inválidas')).toBeNull();
    expect(fake.callsTo('/auth/login')).toHaveLength(1);
  });

  it('while a new attempt is on its way, the last error is gone', async () => {
    fake.on(
      'POST /auth/login',
      { status: 401, body: { success: false, error: 'Credenciales inválidas' } },
      { status: 401, body: { success: false, error: 'Credenciales inválidas' } },
    );
    const user = await failOnce();

    const release = fake.hold('POST /auth/login');
    await user.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await vi.waitFor(() => expect(screen.queryByText('Credenciales inválidas')).toBeNull());
    release();
    expect(await screen.findByText('Credenciales inválidas')).toBeTruthy();
  });
});
