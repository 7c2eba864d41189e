// Saved views by keyboard: after each step (save, rename, the delete confirmation, delete) the focus
// is on a control that makes sense, never dropped on the page (DESIGN §9: focus returns to what
// opened a modal).
import { expect, type Page, test } from '@playwright/test';
import { SEEDED_BASE_URL } from './support/env.ts';
import { createAdmin, signInThroughScreen } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const chips = (page: Page) => page.getByRole('list', { name: 'Vistas guardadas' });

test('save, rename and delete a view by keyboard; the focus follows each step', async ({ page }) => {
  const admin = await createAdmin('active', SEEDED_BASE_URL);
  await signInThroughScreen(page, admin.email, admin.password, SEEDED_BASE_URL);
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill('doña');
  await expect(page).toHaveURL(/q=do%C3%B1a/);

  const saveButton = page.getByRole('button', { name: 'Guardar vista' });
  await saveButton.focus();
  await page.keyboard.press('Enter');
  const save = page.getByRole('dialog', { name: 'Guardar vista' });
  await expect(save.getByLabel('Nombre de la vista')).toBeFocused();
  await page.keyboard.type('Doñas');
  await page.keyboard.press('Enter');
  await expect(save).toBeHidden();
  await expect(chips(page).getByRole('button', { name: 'Doñas', exact: true })).toBeVisible();
  await expect(saveButton).toBeFocused();

  const options = chips(page).getByRole('button', { name: 'Opciones de la vista Doñas' });
  await options.focus();
  await page.keyboard.press('Enter');
  const manage = page.getByRole('dialog', { name: 'Vista «Doñas»' });
  await manage.getByLabel('Nombre de la vista').fill('Doñas de la isla');
  await page.keyboard.press('Enter');
  await expect(manage).toBeHidden();
  const renamedOptions = chips(page).getByRole('button', { name: 'Opciones de la vista Doñas de la isla' });
  await expect(renamedOptions).toBeFocused();

  await page.keyboard.press('Enter');
  const renamed = page.getByRole('dialog', { name: 'Vista «Doñas de la isla»' });
  await renamed.getByRole('button', { name: 'Eliminar', exact: true }).focus();
  await page.keyboard.press('Enter');
  const question = renamed.getByRole('group', {
    name: '¿Eliminar la vista «Doñas de la isla»? No se puede deshacer.',
  });
  await expect(question.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toHaveCount(0);
  await expect(renamed.getByRole('button', { name: 'Eliminar', exact: true })).toBeFocused();

  await page.keyboard.press('Enter');
  await question.getByRole('button', { name: 'Eliminar vista' }).focus();
  await page.keyboard.press('Enter');
  await expect(renamed).toBeHidden();
  await expect(chips(page)).toHaveCount(0);
  await expect(saveButton).toBeFocused();
});
