// 'Registrar Nuevo Negocio' keeps what was typed while the person looks at another tab: the
// dashboard's tabs unmount the form, and a long registration must not be typed twice.
import { expect, type Page, test } from '@playwright/test';
import {
  confirmAndReadRegistry,
  type FormData,
  field,
  fillForm,
  newFormData,
  storedBusiness,
} from './support/register-business-form.ts';
import { signInAsMaster } from './support/staff.ts';

const RESTORED = 'Se recuperaron los datos que ingresó antes';

async function visitAnotherTabAndReturn(page: Page) {
  await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
  await expect(page.getByRole('heading', { name: 'Gestionar Contenido' })).toBeVisible();
  await page.getByRole('tab', { name: 'Registrar Negocio' }).click();
  await expect(field(page, 'Nombre del negocio')).toBeVisible();
}

async function expectForm(page: Page, data: FormData) {
  await expect(field(page, 'Nombre del negocio')).toHaveValue(data.name);
  await expect(field(page, 'Año de fundación')).toHaveValue(data.year);
  await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue(data.category);
  await expect(field(page, 'Nombre')).toHaveValue(data.firstName);
  await expect(field(page, 'Apellido')).toHaveValue(data.lastName);
  await expect(field(page, 'Correo electrónico')).toHaveValue(data.email);
  await expect(field(page, 'Ciudad')).toHaveValue(data.city);
  await expect(field(page, 'Código postal')).toHaveValue(data.zip);
  await expect(field(page, 'Tipo de establecimiento')).toHaveValue(data.type);
}

test.describe('Registrar Negocio keeps the form across tabs', () => {
  test("typed values come back after another tab; 'Vaciar formulario' empties them", async ({ page }) => {
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Registrar Negocio' }).click();
    const data = newFormData();
    await fillForm(page, data);

    await visitAnotherTabAndReturn(page);
    await expect(page.getByText(RESTORED)).toBeVisible();
    await expectForm(page, data);

    await page.getByRole('button', { name: 'Vaciar formulario' }).click();
    await expect(page.getByText(RESTORED)).toHaveCount(0);
    await expect(field(page, 'Nombre del negocio')).toHaveValue('');
    await expect(field(page, 'Nombre del negocio')).toBeFocused();
    await expect(field(page, 'Ciudad')).toHaveValue('');

    await visitAnotherTabAndReturn(page);
    await expect(field(page, 'Nombre del negocio')).toHaveValue('');
    await expect(page.getByText(RESTORED)).toHaveCount(0);
  });

  test('the restored form registers as typed, and a registered business leaves no draft', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Registrar Negocio' }).click();
    const data = newFormData();
    await fillForm(page, data);
    await visitAnotherTabAndReturn(page);

    const registry = await confirmAndReadRegistry(page, data);
    const { business } = await storedBusiness(registry);
    expect(business).toMatchObject({ business_name: data.name, business_category: data.category });
    await page.getByRole('button', { name: 'Registrar otro' }).click();

    await visitAnotherTabAndReturn(page);
    await expect(field(page, 'Nombre del negocio')).toHaveValue('');
    await expect(page.getByText(RESTORED)).toHaveCount(0);
  });
});
