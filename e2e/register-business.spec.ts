// 'Registrar Nuevo Negocio': validation, input helpers, existence checks, confirmation, success
// (and a temporary password not sent yet), what the server stored, the email code, and axe on
// each state.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, uniquePhone } from './support/businesses.ts';
import {
  confirmAndReadRegistry,
  field,
  fillForm,
  newFormData,
  openForm,
  storedBusiness,
  submitButton,
} from './support/register-business-form.ts';
import { signInAsAdmin, signInAsMaster, uniqueEmail } from './support/staff.ts';

const REQUIRED_MESSAGES = [
  'El nombre del negocio es requerido',
  'El año es requerido',
  'Debe seleccionar una categoría',
  'El nombre es requerido',
  'El apellido es requerido',
  'El correo electrónico es requerido',
  'El número de teléfono es requerido',
  'La dirección es requerida',
  'La ciudad es requerida',
  'El código postal es requerido',
  'Debe seleccionar un tipo de establecimiento',
];

test.describe('Registrar Nuevo Negocio', () => {
  test('validation messages, input helpers and the existence checks', async ({ page }) => {
    const taken = await registerBusiness();
    await signInAsMaster(page);
    await openForm(page);

    await submitButton(page).click();
    for (const message of REQUIRED_MESSAGES) {
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(field(page, 'Nombre del negocio')).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const year = new Date().getFullYear();
    await field(page, 'Año de fundación').fill(String(year + 1));
    await expect(page.getByText(`El año debe estar entre 1900 y ${year}`)).toBeVisible();

    // Names keep letters and spaces, the phone formats itself, the category list filters.
    await field(page, 'Nombre').pressSequentially('Ana3 María!');
    await expect(field(page, 'Nombre')).toHaveValue('Ana María');
    const digits = uniquePhone();
    await field(page, 'Número de teléfono').pressSequentially(digits);
    await expect(field(page, 'Número de teléfono')).toHaveValue(
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    );
    const category = page.getByRole('combobox', { name: 'Categoría' });
    await category.fill('zzqxj');
    // No match: no empty listbox, the message in a live region, the combobox collapsed.
    await expect(page.getByRole('status').filter({ hasText: 'No se encontraron categorías' })).toBeVisible();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    expect(await seriousViolations(page)).toEqual([]);

    // A registered email and phone are refused while typing, and submitting stops at them.
    await field(page, 'Correo electrónico').fill(taken.email);
    await expect(page.getByText('Este correo electrónico ya está registrado')).toBeVisible();
    await field(page, 'Número de teléfono').fill(taken.phone);
    await expect(page.getByText('Este número de teléfono ya está registrado')).toBeVisible();
    const data = { ...newFormData(), email: taken.email, phone: taken.phone };
    await fillForm(page, data);
    await submitButton(page).click();
    await expect(field(page, 'Correo electrónico')).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('registers end to end: confirmation, success, reset, stored business and location', async ({
    page,
  }) => {
    const taken = await registerBusiness();
    await signInAsAdmin(page);
    await openForm(page);

    await submitButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: REQUIRED_MESSAGES[0] })).toBeVisible();
    await field(page, 'Correo electrónico').fill(taken.email);
    await expect(page.getByText('Este correo electrónico ya está registrado')).toBeVisible();

    const data = newFormData();
    await fillForm(page, data);
    await expect(page.getByText('Este correo electrónico ya está registrado')).toHaveCount(0);
    await page.getByRole('switch', { name: /^Verificado Correo/ }).click();

    await submitButton(page).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Registro' });
    await expect(confirm).toContainText(data.email);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toHaveCount(0);

    const registry = await confirmAndReadRegistry(page, data);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Registrar otro' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(field(page, 'Nombre del negocio')).toHaveValue('');
    await expect(field(page, 'Correo electrónico')).toHaveValue('');

    const { business, locations } = await storedBusiness(registry);
    expect(business).toMatchObject({
      business_registry_number: registry,
      business_name: data.name,
      business_owner: `${data.firstName} ${data.lastName}`,
      business_email: data.email,
      business_phone: data.phone,
      business_category: data.category,
      business_year: Number(data.year),
      business_description: data.description,
      verified_email: true,
      verified_phone: false,
    });
    expect(locations).toHaveLength(1);
    const [location] = locations;
    expect(location).toMatchObject({
      location_address_1: data.address1,
      location_address_2: data.address2,
      location_city: data.city,
      location_zip: data.zip,
      location_scenery_type: data.type,
      // SPEC §9: the defaults without an exact location.
      location_country: 'Puerto Rico',
      location_count: 1,
      location_main: true,
      location_visibility: true,
    });
    expect(Number(location.location_latitude)).toBeCloseTo(18.2208, 4);
    expect(Number(location.location_longitude)).toBeCloseTo(-66.5901, 4);
  });

  test("a temporary password the mail server did not take yet says the portal tries again, then 'Registrar otro'", async ({
    page,
  }) => {
    // The server answers as it does when the mail server refuses the first try.
    await page.route('**/business-registration/api/v1/business-registration/register', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      return route.fulfill({ response, json: { ...body, temporary_password_sent: false } });
    });
    await signInAsAdmin(page);
    await openForm(page);
    const data = newFormData();
    await fillForm(page, data);
    await confirmAndReadRegistry(page, data);
    const success = page.getByRole('dialog', { name: 'Registro Exitoso' });
    await expect(success.getByRole('alert')).toHaveText(
      'Todavía no se pudo enviar la contraseña temporal al correo del propietario. El portal lo intentará de nuevo automáticamente durante las próximas horas.',
    );
    await expect(success.getByText('Se envió una contraseña temporal')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await success.getByRole('button', { name: 'Registrar otro' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an email taken after the check is reported by the server on the email field', async ({ page }) => {
    await signInAsMaster(page);
    await openForm(page);
    const data = newFormData();
    await fillForm(page, data);
    await submitButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Confirmar Registro' })).toBeVisible();
    // Someone else registers the email between the check and the confirmation.
    await registerBusiness({ business_email: data.email });
    await page.getByRole('button', { name: 'Confirmar Registro' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Este correo electrónico ya está registrado')).toBeVisible();
    await expect(field(page, 'Correo electrónico')).toBeFocused();
  });

  test("'Enviar código' in the dashboard tab shows a 6-digit code and locks resending", async ({ page }) => {
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Registrar Negocio' }).click();
    await expect(page.getByRole('heading', { name: 'Registrar Nuevo Negocio', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText('El correo electrónico es requerido')).toBeVisible();

    await field(page, 'Correo electrónico').fill(uniqueEmail('codigo'));
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Código de verificación enviado' });
    await expect(sent.getByText(/^\d{6}$/)).toBeVisible();
    const lock = page.getByRole('button', { name: /^Reenviar en \d+s$/ });
    await expect(lock).toBeDisabled();
    const seconds = Number((await lock.textContent())?.match(/\d+/)?.[0]);
    expect(seconds).toBeGreaterThan(100);
    expect(seconds).toBeLessThanOrEqual(120);
    await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
