import { expect, test } from '@playwright/test';
import { expectVisibleFocus } from './support/keyboard.ts';
import { createAdmin, signInAsAdmin, signInAsMaster } from './support/staff.ts';

const COMMON = [
  'Buscar Negocios',
  'Gestionar Contenido',
  'Gestionar Suscripciones',
  'Gestionar Acceso',
  'Registrar Negocio',
];
const MASTER_ONLY = ['Registrar Admin', 'Aprobar Admins', 'Auditoría', 'Papelera'];

test.describe('dashboard tabs', () => {
  test('an admin sees the five common tabs, search selected by default', async ({ page }) => {
    await signInAsAdmin(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(COMMON);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute('aria-selected', 'true');
    for (const name of MASTER_ONLY) await expect(page.getByRole('tab', { name })).toHaveCount(0);
  });

  test('a master also sees Registrar Admin, Aprobar Admins, Auditoría and Papelera', async ({ page }) => {
    await signInAsMaster(page);
    await expect(page.getByRole('tab')).toHaveText(
      [...COMMON, ...MASTER_ONLY].map((name) => new RegExp(`^${name}`)),
    );
  });

  test('the selected tab lives in the URL: reload and back keep it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
    await expect(page).toHaveURL(/\?tab=acceso/);
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Gestionar Acceso' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Gestionar Acceso' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await page.getByRole('tab', { name: 'Registrar Negocio' }).click();
    await expect(page).toHaveURL(/\?tab=registrar/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Gestionar Acceso' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('an admin asking for a master tab in the URL is told why, and the URL stays', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
    await expect(page).toHaveURL(/\?tab=acceso$/);
    for (const tab of ['aprobar-admins', 'registrar-admin', 'auditoria', 'papelera']) {
      await page.goto(`/admin-dashboard?tab=${tab}`);
      await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
      await expect(page.getByText(/^Solo usuarios maestros pueden /)).toBeVisible();
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/admin-dashboard\\?tab=${tab}$`));
    }
  });

  test('an unknown tab in the URL shows the search tab and the URL names it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-dashboard?tab=no-existe&registro=123');
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=buscar$/);
  });

  test('tabs work from the keyboard', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Buscar Negocios' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Gestionar Contenido' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Gestionar Contenido' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page).toHaveURL(/\?tab=contenido/);
  });

  // Radix's tab focuses itself on the press, before the press reaches the strip, which then took the
  // next focus for the click's own: one Tab from the header stopped on the strip, with no ring.
  test('after a tab is clicked, one Tab from the user menu reaches the selected tab', async ({ page }) => {
    await signInAsAdmin(page);
    const userMenu = page.getByRole('button', { name: /menú de usuario$/ });
    const tablist = page.getByRole('tablist', { name: 'Secciones del panel' });
    for (const name of ['Gestionar Acceso', 'Gestionar Acceso', 'Registrar Negocio']) {
      // The second round presses the tab that already has the focus.
      const tab = page.getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await userMenu.focus();
      await page.keyboard.press('Tab');
      await expectVisibleFocus(tab);
      expect(await tablist.evaluate((list) => list === document.activeElement)).toBe(false);
    }
  });
});

// With an admin waiting, 'Aprobar Admins' carries a count: the nine tabs still show on a desktop
// screen, none cut or behind an arrow, the row starting where the heading does. From 1280 px they
// fit one row; at 1024 px the row wraps.
for (const [width, rows] of [
  [1440, 1],
  [1280, 1],
  [1024, 2],
]) {
  test(`a master sees all nine tabs with a pending admin at ${width} px`, async ({ page }) => {
    await createAdmin('pending');
    await page.setViewportSize({ width, height: 900 });
    await signInAsMaster(page);
    await expect(page.getByTestId('pending-admins')).toBeVisible();

    const listBox = await page.getByRole('tablist', { name: 'Secciones del panel' }).boundingBox();
    if (!listBox) throw new Error('the tab row has no box');
    const tops = new Set<number>();
    for (const name of [...COMMON, ...MASTER_ONLY]) {
      const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
      await expect(tab).toBeInViewport({ ratio: 0.95 });
      const box = await tab.boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      expect(box.x, name).toBeGreaterThanOrEqual(listBox.x - 0.5);
      expect(box.x + box.width, name).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      tops.add(Math.round(box.y));
    }
    expect(tops.size).toBe(rows);
    await expect(page.getByRole('button', { name: 'Ver más pestañas' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ver pestañas anteriores' })).toHaveCount(0);

    const headingBox = await page.getByRole('heading', { name: 'Panel de Control', level: 1 }).boundingBox();
    expect(Math.round(listBox.x)).toBe(Math.round(headingBox?.x ?? -1));
  });
}
