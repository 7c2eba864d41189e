// The selection bar by keyboard: a button that leaves with what it did ('Seleccionar los N
// resultados', 'Quitar selección', a bulk action that empties the selection) hands the focus to the
// next control instead of dropping it on the page.
import { expect, type Page, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

test.describe.configure({ timeout: 90_000 });

const bar = (page: Page) => page.getByRole('region', { name: 'Acciones sobre la selección' });
const pageCheckbox = (page: Page) =>
  page.getByRole('checkbox', { name: 'Seleccionar los negocios de esta página' });

test('select the whole search, clear it, and verify it all: the focus stays on the list', async ({
  page,
}) => {
  const word = `zf${Date.now().toString(36)}${process.pid}`;
  for (let index = 1; index <= 12; index += 1)
    await registerBusiness({ business_name: `Foco ${word} ${index}` });
  await signInAsMaster(page);
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(word);
  await expect(page.getByRole('heading', { level: 2, name: 'Resultados (12)' })).toBeVisible({
    timeout: 20_000,
  });

  await pageCheckbox(page).focus();
  await page.keyboard.press('Space');
  await bar(page).getByRole('button', { name: 'Seleccionar los 12 resultados' }).focus();
  await page.keyboard.press('Enter');
  await expect(bar(page)).toContainText('12 negocios seleccionados');
  await expect(bar(page).getByRole('button', { name: 'Quitar selección' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(bar(page)).toHaveCount(0);
  await expect(pageCheckbox(page)).toBeFocused();

  await page.keyboard.press('Space');
  await bar(page).getByRole('button', { name: 'Verificar email' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Aplicar a 10 negocios' }).click();
  await expect(dialog.getByRole('status')).toContainText('Email verificado en 10 negocios');
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(bar(page)).toHaveCount(0);
  await expect(pageCheckbox(page)).toBeFocused();
});
