// Sign in, search the directory with a filter, open a business's history, save its verification and
// log out with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows; no click, no
// fill), checking that the focus shows where it lands and comes back after each modal.
import { expect, test } from '@playwright/test';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { expectVisibleFocus, signInAsMasterByKeyboard, tabTo } from './support/keyboard.ts';

test('the whole round with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  const business = await registerBusiness({ business_name: `Teclado Prueba ${Date.now().toString(36)}` });

  // Sign in: the identifier turns the form into the master variant.
  await signInAsMasterByKeyboard(page);

  // Search, then narrow with 'Teléfono Verificado: No Verificado' (the email flag is saved below).
  const search = page.getByRole('searchbox', { name: /Buscar negocios/ });
  await tabTo(page, search);
  await page.keyboard.type(business.name);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  await tabTo(page, page.getByRole('button', { name: 'Filtros' }));
  await page.keyboard.press('Enter');
  const phoneFilter = page.getByLabel('Teléfono Verificado');
  await tabTo(page, phoneFilter);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(phoneFilter.locator('option:checked')).toHaveText('No Verificado');
  await tabTo(page, page.getByRole('button', { name: 'Aplicar Filtros' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/telefono=/);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: business.registry });
  await expect(row).toBeVisible();

  // The history: the focus moves into the modal, Escape closes it and gives the focus back.
  const historyButton = row.getByRole('button', { name: `Ver historial de ${business.name}` });
  await tabTo(page, historyButton);
  await page.keyboard.press('Enter');
  const history = page.getByRole('dialog', { name: 'Historial de Cambios' });
  await expect(history.getByText(/^Mostrando \d+ de \d+ registros?$/)).toBeVisible();
  expect(await history.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expectVisibleFocus(historyButton);

  // Verification: Space turns the email switch on, Enter on 'Guardar Cambios' saves it.
  const verifyButton = row.getByRole('button', { name: `Gestionar verificación de ${business.name}` });
  await tabTo(page, verifyButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  const emailSwitch = dialog.getByRole('group', { name: 'Email' }).getByRole('switch');
  await tabTo(page, emailSwitch);
  await page.keyboard.press('Space');
  await expect(emailSwitch).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Guardar Cambios' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 5_000 });
  await expect(verifyButton).toBeFocused();
  const saved = await withMasterApi(async (api, headers) => {
    const response = await api.get(`/master/verification/registry/${business.registry}`, { headers });
    return (await response.json()).verification_status as {
      verified_email: boolean;
      verified_phone: boolean;
    };
  });
  expect(saved).toMatchObject({ verified_email: true, verified_phone: false });

  // Log out through the user menu, reached backwards from the row.
  const menu = page.getByRole('button', { name: /^Usuario maestro/ });
  await tabTo(page, menu, { backwards: true, limit: 60 });
  await page.keyboard.press('Enter');
  // The menu opens on its first item ('Mis sesiones'); End reaches the last one, the logout.
  await expect(page.getByRole('menuitem', { name: 'Mis sesiones' })).toBeFocused();
  await page.keyboard.press('End');
  const logout = page.getByRole('menuitem', { name: 'Cerrar Sesión Master' });
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
