// The signed-in shell as a new user meets it: the user menu's name and a press on it while its code
// loads, the pending-admins badge, the login error banner on a new attempt, the tab strip at 390 px,
// the way back from standalone pages, and the portal's HTML for a caller that does not ask for HTML.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeBuilder, seriousViolations } from './support/axe-scan.ts';
import { registerBusiness } from './support/businesses.ts';
import { holdAnswers } from './support/held-answers.ts';
import { expectVisibleFocus, tabTo } from './support/keyboard.ts';
import { fillLogin, signInAsAdmin, signInAsMaster, uniqueEmail } from './support/staff.ts';

const ADMIN_STATS = '**/master/registration/api/v1/admin-registration/stats';

test.describe('shell polish', () => {
  test('the user menu button is named by its visible text (axe label-content-name-mismatch)', async ({
    page,
  }) => {
    await signInAsMaster(page);
    const menu = page.getByRole('button', { name: /^Usuario maestro Administrador maestro/ });
    await expect(menu).toBeVisible();
    const report = await axeBuilder(page).withRules(['label-content-name-mismatch']).analyze();
    expect(report.violations.map((violation) => violation.id)).toEqual([]);
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión Master' })).toBeVisible();
  });

  test('a press on the user menu while its code loads opens it, though the press ends on the menu that replaced the stand-in', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const release = await holdAnswers(page, /\/assets\/user-menu-[^/]*\.js$/);
    await signInAsAdmin(page);
    const menu = page.getByRole('button', { name: /menú de usuario$/ });
    // the stand-in (the chunk is held): Radix's trigger would carry data-state
    await expect(menu).toHaveAttribute('aria-haspopup', 'menu');
    await expect(menu).not.toHaveAttribute('data-state', /.*/);
    const box = await menu.boundingBox();
    if (!box) throw new Error('the user menu button has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // Radix's trigger, in place of the stand-in, before the button is let go
    await expect(menu).toHaveAttribute('data-state', /^(open|closed)$/);
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Seguridad' }).click();
    await expect(page).toHaveURL(/\/seguridad$/);
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
    const release = await holdAnswers(page, '**/auth/login');
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
    const last = page.getByRole('tab', { name: /^Papelera/ });
    await expect(more).toBeVisible();
    await expect(back).toHaveCount(0);
    await expect(last).not.toBeInViewport();
    // Nothing hidden before the first tab: no empty room there, the tabs start under the heading.
    const first = await page.getByRole('tab', { name: 'Buscar Negocios' }).boundingBox();
    const heading = await page.getByRole('heading', { name: 'Panel de Control', level: 1 }).boundingBox();
    expect(Math.round(first?.x ?? -1)).toBe(Math.round(heading?.x ?? -2));

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

// An admin's tabs all fit at 1440 px (the master's nine too: e2e/tabs.spec.ts).
test('the tab strip shows no scroll hint when every tab fits (1440 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page);
  await expect(page.getByRole('tab', { name: 'Registrar Negocio' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Ver más pestañas' })).toHaveCount(0);
});

const COMMON_TABS = [
  'Buscar Negocios',
  'Gestionar Contenido',
  'Gestionar Suscripciones',
  'Gestionar Acceso',
  'Registrar Negocio',
];
const MASTER_TABS = [...COMMON_TABS, 'Registrar Admin', 'Aprobar Admins', 'Auditoría', 'Papelera'];

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const openMenu = async (page: Page) => {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    return page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link');
  };

  test('a master finds the nine tabs, the current one marked; a link goes there and closes the menu', async ({
    page,
  }) => {
    await signInAsMaster(page);
    const links = await openMenu(page);
    await expect(links).toHaveText(MASTER_TABS.map((name) => new RegExp(`^${name}`)));
    await expect(links.and(page.locator('[aria-current="page"]'))).toHaveText(['Buscar Negocios']);

    await links.filter({ hasText: 'Auditoría' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=auditoria$/);
    await expect(page.getByRole('tab', { name: 'Auditoría' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');

    const again = await openMenu(page);
    await expect(again.and(page.locator('[aria-current="page"]'))).toHaveText(['Auditoría']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Escape closes the menu, the focus back on its button; a press outside it closes it too', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const toggle = page.getByRole('button', { name: /^(Abrir|Cerrar) menú$/ });
    const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
    await openMenu(page);
    await expect(nav).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Cerrar menú');

    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expect(toggle).toHaveAccessibleName('Abrir menú');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    // From an item of the menu, reached by keyboard: the focus comes back to the button, with its ring.
    await toggle.press('Enter');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expectVisibleFocus(toggle);

    // A press on the page under the menu closes it.
    await openMenu(page);
    await expect(nav).toBeVisible();
    await page.getByRole('heading', { name: 'Panel de Control', level: 1 }).click();
    await expect(nav).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('an admin finds the five tabs of an admin', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-dashboard?tab=registrar');
    const links = await openMenu(page);
    await expect(links).toHaveText(COMMON_TABS);
    await expect(links.and(page.locator('[aria-current="page"]'))).toHaveText(['Registrar Negocio']);
    await links.filter({ hasText: 'Gestionar Contenido' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=contenido$/);
  });
});

/** A real toast: master access created for a new business in 'Gestionar Acceso'. */
async function raiseToast(page: Page): Promise<Locator> {
  const business = await registerBusiness();
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=acceso&registro=${business.registry}`);
  await page.getByRole('button', { name: 'Crear Acceso por Defecto' }).click();
  await page.getByRole('button', { name: 'Crear Acceso Maestro' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  return toast;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Once the toast has settled: whether it covers `control`, and whether its close button lies within it. */
async function toastPlacement(toast: Locator, control: Locator) {
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const close = toast.locator('[data-close-button]');
  await expect(close).toBeVisible();
  // Spanish names for a screen reader, not sonner's 'Close toast' and 'Notifications'
  await expect(close).toHaveAccessibleName('Cerrar notificación');
  await expect(toast.page().getByRole('region', { name: /^Notificaciones/ })).toHaveCount(1);
  let placement = { coversControl: true, closeInside: false };
  await expect
    .poll(async () => {
      const [toastBox, controlBox, closeBox] = await Promise.all([
        toast.boundingBox(),
        control.boundingBox(),
        close.boundingBox(),
      ]);
      if (!toastBox || !controlBox || !closeBox) return null;
      placement = { coversControl: overlaps(toastBox, controlBox), closeInside: inside(closeBox, toastBox) };
      return placement;
    })
    .toEqual({ coversControl: false, closeInside: true });
  return placement;
}

/** Tabs until `toast` has the focus; returns the element focused just before, the one sonner gives it back to. */
async function tabIntoToast(page: Page, toast: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press('Tab');
    if (await toast.evaluate((element) => element === document.activeElement)) return before;
  }
  throw new Error('Tab never reached the toast');
}

test.describe('toasts', () => {
  test('Tab moves on past a toast, and the focus goes back where it was when its close button closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const toast = await raiseToast(page);
    // the pointer on it pauses its timer: it stays while the keyboard goes through it
    await toast.hover();
    const close = toast.getByRole('button', { name: 'Cerrar notificación' });
    const before = await tabIntoToast(page, toast);
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    // Past the last toast the focus leaves the page, then comes round to the header: not sent back to
    // the control before the toasts (sonner's restore made a loop of the three, WCAG 2.1.2).
    await page.keyboard.press('Tab');
    expect(await before.evaluate((element) => element === document.activeElement)).toBe(false);
    await tabTo(page, page.getByRole('button', { name: /menú de usuario/ }), { limit: 3 });
    // Round again: closing the toast from the keyboard gives the focus back to the control before it
    const beforeAgain = await tabIntoToast(page, toast);
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast).toHaveCount(0);
    await expect
      .poll(() =>
        beforeAgain.evaluate((element) => element === document.activeElement && element !== document.body),
      )
      .toBe(true);
  });

  test('at 1440 px a toast covers no header control and its close button lies inside it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const toast = await raiseToast(page);
    const userMenu = page.getByRole('button', { name: /menú de usuario/ });
    await toastPlacement(toast, userMenu);
  });

  test('at 390 px a toast leaves the menu button free and its close button lies inside it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const toast = await raiseToast(page);
    await toastPlacement(toast, page.getByRole('button', { name: 'Abrir menú' }));
  });
});
