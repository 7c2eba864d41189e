// A part of the portal whose code cannot be downloaded (offline, or a tab left open across a new
// release) says so in Spanish with a way out, instead of leaving a blank page.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness } from './support/businesses.ts';
import { fillLogin, signInAsMaster, uniqueEmail } from './support/staff.ts';

const FAILED = 'No se pudo cargar esta parte del portal';

/** Refuses every download of the chunk named `name`; answers how many were refused. */
async function refuseChunk(page: Page, name: string): Promise<() => number> {
  let refused = 0;
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  return () => refused;
}

test.describe('code that cannot be downloaded', () => {
  test('a screen shows why and a way out; the header stays, and a reload brings the screen', async ({
    page,
  }) => {
    await signInAsMaster(page);
    const refused = await refuseChunk(page, 'audit-screen');
    await page.getByRole('tab', { name: 'Auditoría' }).click();

    const failure = page.getByRole('alert').filter({ hasText: FAILED });
    await expect(failure).toContainText('Revise su conexión a internet y recargue la página.');
    expect(refused()).toBeGreaterThan(0);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    // The rest of the portal still works: the header's menu, the other tabs.
    await expect(page.getByRole('button', { name: /menú de usuario$/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Papelera' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Papelera', exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Auditoría' }).click();
    await expect(failure).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Recargar página' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Auditoría', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Auditoría/ })).toBeVisible();
  });

  test('a row modal shows why over the directory, and closes back to it', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    const refused = await refuseChunk(page, 'history-modal');
    await page.goto(`/admin-dashboard?tab=buscar&q=${business.registry}`);
    const row = page.getByRole('row').filter({ hasText: business.registry });
    await row.getByRole('button', { name: `Ver historial de ${business.name}` }).click();

    await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();
    expect(refused()).toBeGreaterThan(0);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await expect(page.getByText(FAILED)).toHaveCount(0);
    await expect(row).toBeVisible();
  });

  test('a refused sign-in says why with the code the login page already has, even offline', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    // From here on no code can be downloaded: the refusal's banner must not need any.
    const refused = await refuseChunk(page, '[^/]+');
    await fillLogin(page, uniqueEmail(), 'Cualquiera#1');
    const banner = page.getByRole('alert');
    await expect(banner).toHaveText('Credenciales inválidas');
    await expect(banner).toHaveAttribute('data-tone', 'warning');

    await page.route('**/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(banner).toHaveText('Error de conexión. Por favor intente nuevamente.');
    await expect(banner).toHaveAttribute('data-tone', 'error');
    expect(refused()).toBe(0);
    // The form is still there to try again.
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
  });
});
