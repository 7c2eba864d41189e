import { expect, test } from '@playwright/test';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

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

  test('an admin asking for a master tab in the URL gets the search tab, and the URL says so', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
    await expect(page).toHaveURL(/\?tab=acceso$/);
    for (const tab of ['aprobar-admins', 'registrar-admin', 'auditoria']) {
      await page.goto(`/admin-dashboard?tab=${tab}`);
      await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page).toHaveURL(/\/admin-dashboard\?tab=buscar$/);
    }
    // Replaced, not pushed: Back leaves the refused address behind.
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=(buscar|acceso)$/);
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
});
