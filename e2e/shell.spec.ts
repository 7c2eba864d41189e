// The signed-in shell as a new user meets it: the user menu's name, the pending-admins badge, the
// login error banner on a new attempt, the tab strip at 390 px, the way back from standalone pages,
// and the portal's HTML for a caller that does not ask for HTML.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fillLogin, signInAsMaster, uniqueEmail } from './support/staff.ts';

const ADMIN_STATS = '**/master/registration/api/v1/admin-registration/stats';

test.describe('shell polish', () => {
  test('the user menu button is named by its visible text (axe label-content-name-mismatch)', async ({
    page,
  }) => {
    await signInAsMaster(page);
    const menu = page.getByRole('button', { name: /^Master User Master Administrator/ });
    await expect(menu).toBeVisible();
    const report = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(report.violations.map((violation) => violation.id)).toEqual([]);
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión Master' })).toBeVisible();
  });

  test('the pending-admins badge reads "Aprobar Admins, 1 pendiente" and "2 pendientes"', async ({
    page,
  }) => {
    let pending = 1;
    await page.route(ADMIN_STATS, (route) =>
      route.fulfill({ json: { success: true, stats: { pending_admins: pending } } }),
    );
    await signInAsMaster(page);
    await expect(page.getByRole('tab', { name: 'Aprobar Admins, 1 pendiente', exact: true })).toBeVisible();

    pending = 2;
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Aprobar Admins, 2 pendientes', exact: true })).toBeVisible();
  });

  test('a new login attempt clears the last server error banner', async ({ page }) => {
    await page.goto('/');
    const email = uniqueEmail('nadie');
    await fillLogin(page, email, 'Equivocada#2026');
    const banner = page.getByRole('alert').filter({ hasNotText: /requerid/ });
    await expect(banner).toBeVisible();

    // An attempt stopped by a field check: the old banner goes.
    await page.getByLabel('Contraseña', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('La contraseña es requerida')).toBeVisible();
    await expect(banner).toHaveCount(0);

    // An attempt on its way: no banner until the server answers again.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Contraseña', { exact: true }).fill('Equivocada#2026');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-busy', 'true');
    await expect(banner).toHaveCount(0);
    release();
    await expect(banner).toBeVisible();
  });

  test('standalone pages have a visible way back to the dashboard', async ({ page }) => {
    await signInAsMaster(page);
    for (const path of ['/business-data', '/business-registrations', '/admin-approval']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Volver al Panel de Control' }).click();
      await expect(page).toHaveURL(/\/admin-dashboard$/);
    }
  });

  test('GET / answers the portal HTML without Accept: text/html; unknown API paths stay 404 JSON', async ({
    request,
  }) => {
    const home = await request.get('/', { headers: { accept: '*/*' } });
    expect(home.status()).toBe(200);
    expect(home.headers()['content-type']).toContain('text/html');
    expect(await home.text()).toContain('<div id="root"');
    const unknown = await request.get('/admin/nope/api/v1/nothing', { headers: { accept: '*/*' } });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false });
  });
});

test.describe('tab strip at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows that more tabs exist and scrolls to them', async ({ page }) => {
    await signInAsMaster(page);
    const more = page.getByRole('button', { name: 'Ver más pestañas' });
    const back = page.getByRole('button', { name: 'Ver pestañas anteriores' });
    const last = page.getByRole('tab', { name: /^Aprobar Admins/ });
    await expect(more).toBeVisible();
    await expect(back).toHaveCount(0);
    await expect(last).not.toBeInViewport();

    for (let step = 0; step < 8 && (await more.count()) > 0; step += 1) {
      await more.click();
      await page.waitForTimeout(400);
    }
    await expect(last).toBeInViewport({ ratio: 0.95 });
    await expect(more).toHaveCount(0);
    await expect(back).toBeVisible();
  });

  test('a link to a far tab scrolls it into view', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=aprobar-admins');
    const tab = page.getByRole('tab', { name: /^Aprobar Admins/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // The strip clips the 1 px under each tab (its active border overlaps the strip's border).
    await expect(tab).toBeInViewport({ ratio: 0.95 });
  });
});

test('the tab strip shows no scroll hint when every tab fits (1440 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsMaster(page);
  await expect(page.getByRole('tab', { name: /^Aprobar Admins/ })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Ver más pestañas' })).toHaveCount(0);
});
