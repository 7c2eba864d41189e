// SPEC §4: a failed location add leaves the business registered. 'Registro Exitoso' says the address
// was not stored and sends it again on request, instead of showing a success that hides it.
import { expect, test } from '@playwright/test';
import {
  confirmAndReadRegistry,
  field,
  fillForm,
  newFormData,
  openForm,
  storedBusiness,
} from './support/register-business-form.ts';
import { signInAsMaster } from './support/staff.ts';

test('a location the server did not save is reported, and saved by Reintentar guardar ubicación', async ({
  page,
}) => {
  await signInAsMaster(page);
  await openForm(page);
  let failures = 2;
  await page.route('**/business-registration/registry/*/locations', async (route) => {
    if (route.request().method() !== 'POST' || failures === 0) return route.fallback();
    failures -= 1;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        error: 'Internal server error',
        message: 'Internal server error',
      }),
    });
  });
  const data = newFormData();
  await fillForm(page, data);
  const registry = await confirmAndReadRegistry(page, data);

  const success = page.getByRole('dialog', { name: 'Registro Exitoso' });
  const warning = success.getByRole('alert').filter({ hasText: 'No se pudo guardar la ubicación' });
  await expect(warning).toContainText('El negocio quedó registrado sin su dirección ni sus coordenadas.');
  expect((await storedBusiness(registry)).locations).toHaveLength(0);

  const retry = success.getByRole('button', { name: 'Reintentar guardar ubicación' });
  await retry.click();
  await expect(warning).toContainText('Error interno del servidor');
  await retry.click();
  await expect(success.getByText('Ubicación guardada.')).toBeVisible();
  await expect(warning).toHaveCount(0);

  const { locations } = await storedBusiness(registry);
  expect(locations).toHaveLength(1);
  expect(locations[0]).toMatchObject({ location_address_1: data.address1, location_city: data.city });

  // The next registration's dialog starts without this one's retry.
  await success.getByRole('button', { name: 'Registrar otro' }).click();
  // The fresh form takes the focus once the dialog has let go of it.
  await expect(field(page, 'Nombre del negocio')).toBeFocused();
  const next = newFormData();
  await fillForm(page, next);
  await confirmAndReadRegistry(page, next);
  await expect(page.getByRole('dialog', { name: 'Registro Exitoso' })).toBeVisible();
  await expect(page.getByText('Ubicación guardada.')).toHaveCount(0);
  await expect(page.getByText('No se pudo guardar la ubicación')).toHaveCount(0);
});
