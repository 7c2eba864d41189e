import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { MASTER_IDENTIFIER, MASTER_PASSWORD, SHORT_JWT_BASE_URL } from './support/env.ts';
import { holdAnswers } from './support/held-answers.ts';
import { createAdmin, signInAsAdmin, signInAsMaster, signInThroughScreen } from './support/staff.ts';

const storedJwt = (page: import('@playwright/test').Page) => page.evaluate(() => localStorage.getItem('jwt'));

test.describe('header and logout', () => {
  test('the header names the admin and logs out from the dropdown', async ({ page }) => {
    const admin = await signInAsAdmin(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Portal de Administración')).toBeVisible();
    // The admin's name and role in Spanish, never the English 'Administrator'.
    await expect(banner.getByText('Prueba Automática', { exact: true })).toBeVisible();
    await expect(banner.getByText('Administrador', { exact: true })).toBeVisible();
    await expect(banner.getByText(/Sesión válida hasta/)).toBeVisible();

    const release = await holdAnswers(page, '**/auth/logout');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await expect(page.getByRole('menu')).toContainText('Prueba Automática');
    // Named by name in the header, the account's email is in its menu.
    await expect(page.getByRole('menu').getByText(admin.email, { exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión Admin' }).click();
    await expect(page.getByRole('menuitem', { name: 'Cerrando sesión...' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    expect(await storedJwt(page)).toBeNull();
  });

  test('master logout is "Cerrar Sesión Master" and clears the session even if the call fails', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await expect(page.getByRole('banner').getByText('Administrador maestro')).toBeVisible();
    await page.route('**/auth/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión Master' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({});
  });

  test('mobile menu holds the user and the logout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await signInAsAdmin(page);
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('banner').getByText(admin.email, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión Admin' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** An admin signed in in one tab, and a second tab of the same browser on the dashboard. */
async function twoSignedInTabs(context: BrowserContext): Promise<[Page, Page]> {
  const first = await context.newPage();
  await signInAsAdmin(first);
  const second = await context.newPage();
  await second.goto('/admin-dashboard');
  await expect(second.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
  return [first, second];
}

test.describe('session across tabs and token expiry', () => {
  test('logging out in one tab logs the other tab out', async ({ context }) => {
    const [first, second] = await twoSignedInTabs(context);

    await first.getByRole('button', { name: 'Menú de usuario' }).click();
    await first.getByRole('menuitem', { name: 'Cerrar Sesión Admin' }).click();
    await expect(first).toHaveURL(/\/$/);
    await expect(second).toHaveURL(/\/$/);
    await expect(second.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  });

  test('a jwt changed in another tab is validated again', async ({ context }) => {
    const [first, second] = await twoSignedInTabs(context);

    const validations: string[] = [];
    first.on('request', (request) => {
      if (request.url().endsWith('/auth/validate')) validations.push(request.url());
    });
    await second.evaluate(() => localStorage.setItem('jwt', 'cambiado.en.otra.pestana'));
    await expect(first).toHaveURL(/\/$/);
    expect(validations.length).toBeGreaterThan(0);
  });

  test('an expired jwt is refreshed once and the request retried', async ({ page }) => {
    // This server's JWTs live 3 seconds; its session rows still live 12 hours.
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD, SHORT_JWT_BASE_URL);
    await createAdmin('pending', SHORT_JWT_BASE_URL);
    const firstJwt = await storedJwt(page);
    await page.waitForTimeout(4_000);

    const statuses: Array<[string, number]> = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/auth/') || path.includes('/admin-registration/stats')) {
        statuses.push([path, response.status()]);
      }
    });
    // Master sessions are trusted on load, so the first call to fail is the dashboard's own data call.
    await page.reload();
    await expect(page.getByTestId('pending-admins')).toHaveText(/1/);
    expect(statuses).toEqual([
      ['/master/registration/api/v1/admin-registration/stats', 401],
      ['/auth/refresh', 200],
      ['/master/registration/api/v1/admin-registration/stats', 200],
    ]);
    expect(await storedJwt(page)).not.toBe(firstJwt);
  });

  test('an admin whose jwt expired stays signed in on reload', async ({ page }) => {
    const admin = await createAdmin('active', SHORT_JWT_BASE_URL);
    await signInThroughScreen(page, admin.email, admin.password, SHORT_JWT_BASE_URL);
    await page.waitForTimeout(4_000);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard/);
  });
});
