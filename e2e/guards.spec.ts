import { expect, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { holdAnswers } from './support/held-answers.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

// The calls behind a master's tab or section: an admin's restricted page makes none of them.
const MASTER_CALLS = /\/(staff-audit|business-trash|admin-registration)\//;

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

  test("an admin following a master's link to a tab or a business's section sees the restricted page", async ({
    page,
  }) => {
    const business = await registerBusiness();
    await signInAsAdmin(page);
    const masterCalls: string[] = [];
    page.on('request', (request) => {
      if (MASTER_CALLS.test(new URL(request.url()).pathname)) masterCalls.push(request.url());
    });

    // A dashboard tab: the reason under the admin's own tabs, the address as the master shared it.
    await page.goto('/admin-dashboard?tab=auditoria&accion=admin_bulk');
    await expect(page.getByRole('heading', { level: 2, name: 'Acceso Restringido' })).toBeVisible();
    await expect(page.getByText('Solo usuarios maestros pueden ver la auditoría.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ir al panel principal' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=auditoria&accion=admin_bulk$/);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    // The admin's tabs stay usable: one of them takes the restricted page's place.
    await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
    await expect(page).toHaveURL(/\?tab=acceso$/);
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toHaveCount(0);

    // A business's section: the reason under its header and the admin's sections, the address kept.
    await page.goto(`/negocios/${business.registry}/auditoria`);
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Acceso Restringido' })).toBeVisible();
    await expect(page.getByText('Solo usuarios maestros pueden ver la auditoría del negocio.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/negocios/${business.registry}/auditoria$`));
    const sections = page.getByRole('navigation', { name: 'Secciones del negocio' });
    await expect(sections.getByRole('link', { name: 'Auditoría' })).toHaveCount(0);
    // Opened as a link (a full load), there is nothing to go back to: the dashboard.
    await page.getByRole('button', { name: 'Volver Atrás' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute('aria-selected', 'true');
    expect(masterCalls).toEqual([]);
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
