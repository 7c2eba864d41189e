// 'Usar mi ubicación exacta' of 'Registrar Nuevo Negocio': browser geolocation allowed and denied.
import { expect, test } from '@playwright/test';
import {
  confirmAndReadRegistry,
  fillForm,
  newFormData,
  openForm,
  storedBusiness,
} from './support/register-business-form.ts';
import { signInAsMaster } from './support/staff.ts';

test.describe('exact location allowed', () => {
  const here = { latitude: 18.0111, longitude: -66.6141 };
  test.use({ geolocation: here, permissions: ['geolocation'] });

  test('the stored location has the browser coordinates', async ({ page }) => {
    await signInAsMaster(page);
    await openForm(page);
    const data = newFormData();
    await fillForm(page, data);
    const checkbox = page.getByRole('checkbox', { name: 'Usar mi ubicación exacta' });
    await checkbox.check();
    await expect(page.getByText(/^Ubicación obtenida/)).toBeVisible();
    await expect(checkbox).toBeChecked();

    const registry = await confirmAndReadRegistry(page, data);
    const { locations } = await storedBusiness(registry);
    expect(locations).toHaveLength(1);
    expect(Number(locations[0].location_latitude)).toBeCloseTo(here.latitude, 4);
    expect(Number(locations[0].location_longitude)).toBeCloseTo(here.longitude, 4);
  });
});

test.describe('exact location denied', () => {
  test('says permission was denied and unchecks the box', async ({ page, context }) => {
    await context.clearPermissions();
    await signInAsMaster(page);
    await openForm(page);
    const checkbox = page.getByRole('checkbox', { name: 'Usar mi ubicación exacta' });
    await checkbox.click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Permiso de ubicación denegado. Revise la configuración de su navegador.',
      }),
    ).toBeVisible();
    await expect(checkbox).not.toBeChecked();
  });
});
