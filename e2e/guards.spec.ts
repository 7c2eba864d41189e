import { expect, test } from '@playwright/test';
import { holdAnswers } from './support/held-answers.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

test.describe('route guards', () => {
  for (const path of [
    '/admin-dashboard',
    '/business-data',
    '/admin-approval',
    '/master/admin-registration',
  ]) {
    test(`signed out, ${path} sends to the login screen`, async ({ page }) => {
      await page.goto(path);
      // The login screen keeps the page asked for.
      await expect(page).toHaveURL(/\/(\?volver=[^#]*)?$/);
      await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    });
  }

  test('any other path goes to /', async ({ page }) => {
    await page.goto('/ruta-que-no-existe');
    await expect(page).toHaveURL(/\/$/);
  });

  test('while the session is checked a spinner says "Verificando autenticación..."', async ({ page }) => {
    await signInAsAdmin(page);
    const release = await holdAnswers(page, '**/auth/validate');
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Verificando autenticación...' })).toBeVisible();
    release();
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
  });

  test('a signed-in user opening / goes to the dashboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/admin-dashboard/);
  });

  test('a stored session the server refuses is cleared', async ({ page }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('jwt', 'no.es.valido'));
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Su sesión ha expirado. Por favor inicie sesión nuevamente.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('an admin is refused on master routes with the restricted page', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/master/admin-registration');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await expect(
      page.getByText('Solo usuarios maestros pueden registrar nuevos administradores.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ir al panel principal' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);

    await page.goto('/admin-approval');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver Atrás' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);

    await page.goto('/admin-registration-history');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
  });

  test('a master opens the master routes', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto('/master/admin-registration');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Registrar Nuevo Administrador' }),
    ).toBeVisible();
    await page.goto('/admin-approval');
    await expect(page.getByRole('heading', { level: 1, name: /^Aprobar Admin/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toHaveCount(0);
  });

  test('a login type other than admin or master sees "Acceso de Administrador Requerido"', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('loginType', 'user'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Acceso de Administrador Requerido' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver Atrás' })).toBeVisible();
  });
});
