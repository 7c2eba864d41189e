// Staff sessions in the portal: 'Mis sesiones' from the user menu and the palette; one browser ends
// another browser's session of the same admin, whose next action lands on the login page; 'Cerrar
// las demás', confirmed first; the master ends an admin's session from the approval screen. axe and
// screenshots at 1440 and 390 px.
import { type Browser, expect, type Page, request, test } from '@playwright/test';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import {
  createAdmin,
  signInAsAdmin,
  signInAsMaster,
  signInThroughScreen,
  type TestAdmin,
} from './support/staff.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** The login page, '/' (with or without a query). */
const ON_LOGIN = /^https?:\/\/[^/]+\/(\?.*)?$/;
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots/my-sessions';

const sessionList = (page: Page) => page.getByRole('list', { name: 'Sesiones abiertas' });
const endButton = (page: Page, device: string) =>
  page.getByRole('button', { name: new RegExp(`^Cerrar sesión de ${device} \\(IP `) });

/** A second browser (its own cookies, storage and user agent) signed in as `admin`. */
async function otherBrowser(browser: Browser, admin: TestAdmin, userAgent: string) {
  const context = await browser.newContext({ userAgent, baseURL: BASE_URL });
  const page = await context.newPage();
  await signInThroughScreen(page, admin.email, admin.password);
  return { context, page };
}

/** The header's user menu: named by the person's name, whoever `_label` was. */
const userMenu = (page: Page, _label: string) => page.getByRole('button', { name: /menú de usuario$/ });

/** 'Mis sesiones' through the user menu of the header (wide screens). */
async function openFromUserMenu(page: Page, label: string) {
  await userMenu(page, label).click();
  await page.getByRole('menuitem', { name: 'Mis sesiones' }).click();
  await expect(page).toHaveURL(/\/mis-sesiones$/);
  await expect(page.getByRole('heading', { name: 'Mis sesiones', level: 1 })).toBeVisible();
}

test.describe('Mis sesiones', () => {
  // Two or three browsers sign in per test: a loaded machine needs more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('ends the other browser’s session, whose next action lands on the login page; then the others', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await signInAsAdmin(page);
    const phone = await otherBrowser(browser, admin, IPHONE_SAFARI);
    try {
      await openFromUserMenu(page, admin.email);
      const list = sessionList(page);
      await expect(list.getByRole('listitem')).toHaveCount(2);
      const current = list.getByRole('listitem').filter({ hasText: 'Sesión actual' });
      await expect(current).toHaveCount(1);
      await expect(current.getByRole('button')).toHaveCount(0);
      const other = list.getByRole('listitem').filter({ hasText: 'Safari en iOS' });
      await expect(other).toContainText('127.0.0.1');
      await expect(other).toContainText('Última actividad');

      await endButton(page, 'Safari en iOS').click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('Se cerró la sesión de Safari en iOS.')).toBeVisible();
      await expect(list.getByRole('listitem')).toContainText('Sesión actual');

      // The phone's next action (a screen that asks the server) ends on the login page.
      await userMenu(phone.page, admin.email).click();
      await phone.page.getByRole('menuitem', { name: 'Mis sesiones' }).click();
      await expect(phone.page).toHaveURL(ON_LOGIN);
      await expect(phone.page.getByRole('button', { name: 'Iniciar Sesión', exact: true })).toBeVisible();

      // Two more sign-ins, then 'Cerrar las demás' leaves only this one.
      const api = await request.newContext({ baseURL: BASE_URL });
      for (const agent of [WINDOWS_FIREFOX, IPHONE_SAFARI]) {
        const login = await api.post('/auth/login', {
          headers: { 'user-agent': agent },
          data: { email: admin.email, password: admin.password },
        });
        expect(login.status()).toBe(200);
      }
      await api.dispose();
      await page.reload();
      await expect(sessionList(page).getByRole('listitem')).toHaveCount(3);
      await expect(sessionList(page)).toContainText('Firefox en Windows');
      // It asks first, naming how many end; 'Cancelar' ends none.
      await page.getByRole('button', { name: 'Cerrar las demás' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cerrar las demás sesiones' });
      await expect(confirm).toContainText('Se cerrarán 2 sesiones en otros dispositivos.');
      expect(await dialogViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
      await page.reload();
      await expect(sessionList(page).getByRole('listitem')).toHaveCount(3);
      await page.getByRole('button', { name: 'Cerrar las demás' }).click();
      await confirm.getByRole('button', { name: 'Cerrar sesiones' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText('Se cerraron 2 sesiones en otros dispositivos.')).toBeVisible();
      await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
      await expect(sessionList(page).getByRole('listitem')).toContainText('Sesión actual');
    } finally {
      await phone.context.close();
    }
  });

  test('the command palette opens it', async ({ page }) => {
    await signInAsMaster(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Búsqueda rápida' });
    await palette.getByRole('combobox', { name: 'Buscar negocios y pantallas' }).fill('sesiones');
    await palette.getByRole('option', { name: /Mis sesiones/ }).click();
    await expect(page).toHaveURL(/\/mis-sesiones$/);
    await expect(sessionList(page).getByText('Sesión actual')).toBeVisible();
  });

  test('the master ends an admin’s session from the approval screen', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await createAdmin('active');
    const laptop = await otherBrowser(browser, admin, WINDOWS_FIREFOX);
    try {
      await signInAsMaster(page);
      await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
      await page.getByLabel('Buscar administradores').fill(admin.email);
      const row = page.getByRole('row').filter({ hasText: admin.email });
      await row.getByRole('button', { name: 'Sesiones de Prueba Automática' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sesiones de Prueba Automática' });
      await expect(dialog.getByRole('listitem')).toHaveCount(1);
      await expect(dialog).toContainText('Firefox en Windows');
      await expect(dialog.getByText('Sesión actual')).toHaveCount(0);
      await dialog.getByRole('button', { name: /^Cerrar sesión de Firefox en Windows/ }).click();
      await expect(dialog.getByText('Esta cuenta no tiene sesiones abiertas')).toBeVisible();
      await expect(page.getByText('Se cerró la sesión de Firefox en Windows.')).toBeVisible();

      await laptop.page.reload();
      await expect(laptop.page).toHaveURL(ON_LOGIN);
      await expect(laptop.page.getByRole('button', { name: 'Iniciar Sesión', exact: true })).toBeVisible();

      // The staff audit names the action in Spanish.
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
      await page.goto('/admin-dashboard?tab=auditoria');
      await expect(
        page.getByRole('row').filter({ hasText: 'Cierre de sesión de un administrador' }).first(),
      ).toBeVisible();
    } finally {
      await laptop.context.close();
    }
  });

  for (const width of [1440, 390]) {
    test(`axe finds nothing serious on the panel and the admin's sessions at ${width} px`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const admin = await createAdmin('active');
      const phone = await otherBrowser(browser, admin, IPHONE_SAFARI);
      try {
        await signInThroughScreen(page, admin.email, admin.password);
        await page.goto('/mis-sesiones');
        await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
        expect(await seriousViolations(page, { allRules: true, withoutToasts: true })).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/mis-sesiones-${width}.png`, fullPage: true });

        await page.context().clearCookies();
        await page.evaluate(() => localStorage.clear());
        await signInAsMaster(page);
        await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
        await page.getByLabel('Buscar administradores').fill(admin.email);
        // Every test admin is 'Prueba Automática': wait for the search to leave only this one.
        await expect(page.getByText('Mostrando 1 de 1 administrador')).toBeVisible();
        await page.getByRole('button', { name: 'Sesiones de Prueba Automática' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Sesiones de Prueba Automática' });
        await expect(dialog.getByRole('listitem')).toHaveCount(2);
        expect(await seriousViolations(page, { allRules: true, withoutToasts: true })).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/sesiones-admin-${width}.png` });
      } finally {
        await phone.context.close();
      }
    });
  }
});
