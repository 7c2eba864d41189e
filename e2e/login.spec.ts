import { expect, test } from '@playwright/test';
import { MASTER_IDENTIFIER, MASTER_PASSWORD } from './support/env.ts';
import { createAdmin, fillLogin, signInThroughScreen, uniqueEmail } from './support/staff.ts';

test.describe('login screen', () => {
  test('admin variant: email field, Iniciar Sesión, forgot-password link, show/hide password', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Portal de Administración' })).toBeVisible();
    await expect(page.getByLabel('Correo Electrónico')).toHaveAttribute('type', 'email');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: '¿Olvidó su contraseña?' })).toBeVisible();
    await expect(page.getByTestId('login-card')).toHaveAttribute('data-variant', 'admin');

    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('secreto');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('master variant appears for the master identifier and signs in', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill(MASTER_IDENTIFIER);
    const identifier = page.getByLabel('Identificador');
    await expect(identifier).toHaveAttribute('type', 'text');
    await expect(page.getByTestId('login-card')).toHaveAttribute('data-variant', 'master');
    await expect(page.getByRole('button', { name: 'Acceso Maestro' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '¿Olvidó su contraseña?' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();

    await page.getByLabel('Contraseña', { exact: true }).fill(MASTER_PASSWORD);
    await page.getByRole('button', { name: 'Acceso Maestro' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await expect(page.getByText('MASTER', { exact: true })).toBeVisible();
    const stored = await page.evaluate(() => ({
      loginType: localStorage.getItem('loginType'),
      user: JSON.parse(localStorage.getItem('user') ?? '{}') as { email?: string },
      jwt: localStorage.getItem('jwt'),
    }));
    expect(stored.loginType).toBe('master');
    expect(stored.user.email).toBe('Master User');
    expect(stored.jwt).toBeTruthy();
  });

  test('the last attempt banner goes when the form turns into the other variant, both ways', async ({
    page,
  }) => {
    // Refused without reaching the server: no failed attempt is counted against a real account.
    await page.route('**/auth/login', (route) =>
      route.fulfill({ status: 401, json: { success: false, error: 'Invalid credentials' } }),
    );
    await page.goto('/');
    const card = page.getByTestId('login-card');
    const banner = page.getByRole('alert').filter({ hasNotText: /requerid|válido/ });

    await fillLogin(page, uniqueEmail('nadie'), 'Equivocada#2026');
    await expect(banner).toBeVisible();
    await page.getByLabel('Correo Electrónico').fill(MASTER_IDENTIFIER);
    await expect(card).toHaveAttribute('data-variant', 'master');
    await expect(banner).toHaveCount(0);

    await page.getByRole('button', { name: 'Acceso Maestro' }).click();
    await expect(banner).toBeVisible();
    await page.getByLabel('Identificador').fill(uniqueEmail('otra'));
    await expect(card).toHaveAttribute('data-variant', 'admin');
    await expect(banner).toHaveCount(0);
  });

  test('an active admin signs in and lands on the dashboard', async ({ page }) => {
    const admin = await createAdmin('active');
    await signInThroughScreen(page, admin.email, admin.password);
    // The header names the admin: 'Prueba Automática' is every test admin's name.
    await expect(page.getByText('Prueba Automática').first()).toBeVisible();
    await expect(page.getByText('MASTER', { exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adminId'))).toBe(String(admin.adminId));
  });

  test('field checks: required email and password, email format', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    // Announced: each message is an alert, and describes its field.
    await expect(
      page.getByRole('alert').filter({ hasText: 'El correo electrónico es requerido' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'La contraseña es requerida' })).toBeVisible();
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      'La contraseña es requerida',
    );

    await page.getByLabel('Correo Electrónico').fill('no-es-correo');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('Por favor ingrese un correo electrónico válido')).toBeVisible();
  });

  test('forgot-password panel opens with its four steps and goes back', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
    const panel = page.getByRole('region', { name: '¿Olvidó su contraseña?' });
    await expect(panel).toContainText('supervisor directo o al departamento de informática');
    await expect(panel.getByRole('listitem')).toHaveText([
      /Contacte a su supervisor/,
      /correo electrónico registrado/,
      /Solicite el restablecimiento/,
      /Espere la confirmación/,
    ]);
    await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  });
});

test.describe('login errors', () => {
  test('wrong credentials: yellow banner with the server message', async ({ page }) => {
    await page.goto('/');
    await fillLogin(page, uniqueEmail('nadie'), 'Incorrecta#1');
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText('Credenciales inválidas');
    await expect(banner).toHaveAttribute('data-tone', 'warning');
    await expect(page).toHaveURL(/\/$/);
  });

  test('by keyboard: after a refusal the password field has the focus again', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Correo Electrónico').fill(uniqueEmail('nadie'));
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('Incorrecta#1');
    // Tab to 'Iniciar Sesión' and press it: the button keeps the focus (busy) while the answer comes.
    await page.getByRole('button', { name: 'Iniciar Sesión' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
    await expect(password).toBeFocused();
  });

  test('account not active: "Su cuenta está pendiente/suspendida"', async ({ page }) => {
    const pending = await createAdmin('pending');
    const suspended = await createAdmin('suspended');
    await page.goto('/');
    await fillLogin(page, pending.email, pending.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Su cuenta está pendiente. Por favor, contacte a un administrador.',
    );
    await expect(page.getByRole('alert')).toHaveAttribute('data-tone', 'warning');

    await fillLogin(page, suspended.email, suspended.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Su cuenta está suspendida. Por favor, contacte a un administrador.',
    );
  });

  test('locked after repeated failures', async ({ page }) => {
    const admin = await createAdmin('active');
    await page.goto('/');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fillLogin(page, admin.email, 'Incorrecta#1');
      await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
      await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    }
    await fillLogin(page, admin.email, admin.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Demasiados intentos fallidos. Por favor espere 15 minutos e intente nuevamente.',
    );
    await expect(page.getByRole('alert')).toHaveAttribute('data-tone', 'warning');
  });

  test('connection failure: red banner', async ({ page }) => {
    await page.goto('/');
    await page.route('**/auth/login', (route) => route.abort('connectionrefused'));
    await fillLogin(page, uniqueEmail(), 'Cualquiera#1');
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText('Error de conexión. Por favor intente nuevamente.');
    await expect(banner).toHaveAttribute('data-tone', 'error');
  });

  test('an English answer of the server reads in Spanish (429 and 503)', async ({ page }) => {
    // The server's own bodies (apps/server/src/http/error-handler.ts), not sent by a real account.
    const answers = [
      { status: 429, error: 'Too many requests. Please try again later.' },
      { status: 503, error: 'Service temporarily unavailable' },
    ];
    let next = 0;
    await page.route('**/auth/login', (route) => {
      const { status, error } = answers[next++];
      return route.fulfill({
        status,
        json: { success: false, error, message: error, request_id: 'req-1' },
      });
    });
    await page.goto('/');
    const banner = page.getByRole('alert');

    await fillLogin(page, uniqueEmail('limite'), 'Cualquiera#1');
    await expect(banner).toHaveText('Demasiadas solicitudes. Por favor intente más tarde.');
    await expect(banner).toHaveAttribute('data-tone', 'warning');

    await fillLogin(page, uniqueEmail('caido'), 'Cualquiera#1');
    await expect(banner).toHaveText(
      'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
    );
  });
});
