// The address typed in 'Registrar Nuevo Negocio' is the business's address, read in the 'Gestionar
// Contenido' card (the form sends it only with the main location).
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { confirmAndReadRegistry, fillForm, newFormData, openForm } from './support/register-business-form.ts';
import { signInAsMaster } from './support/staff.ts';

test('the address typed at registration shows in the business card of Gestionar Contenido', async ({
  page,
}) => {
  await signInAsMaster(page);
  await openForm(page);
  const data = {
    ...newFormData(),
    address1: 'Calle Loíza 1503',
    address2: 'Apt 2',
    city: 'San Juan',
    zip: '00911',
  };
  await fillForm(page, data);
  const registry = await confirmAndReadRegistry(page, data);
  await page.getByRole('button', { name: 'Registrar otro' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('link', { name: 'Volver al Panel de Control' }).click();
  await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
  await page.getByLabel('Número de registro').fill(registry);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const card = page.getByRole('region', { name: data.name });
  await expect(card).toContainText(registry);
  const address = card.locator('div').filter({ has: page.getByText('Dirección', { exact: true }) });
  await expect(address.locator('dd')).toHaveText('Calle Loíza 1503, Apt 2, San Juan, 00911');
  expect(await seriousViolations(page)).toEqual([]);
});
