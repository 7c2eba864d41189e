// 'Registrar Admin': the form's messages, a taken email, the confirmation
// and the success banner; the master-only pages refused to an admin.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import { createAdmin, masterApi, signInAsAdmin, signInAsMaster, uniqueEmail } from './support/staff.ts';

const ADMINS_PATH = '/master/registration/api/v1/admin-registration';

/** A form control by its label (the label ends with a '*' for required fields). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));

async function fillValidForm(page: Page, email: string) {
  await field(page, 'Nombre').fill('Lucía');
  await field(page, 'Apellido').fill('Muñoz Güell');
  await field(page, 'Correo Electrónico').fill(email);
  await field(page, 'Número de Teléfono').fill('7875550123');
  await field(page, 'Contraseña').fill('Segura#2026');
  await field(page, 'Confirmar Contraseña').fill('Segura#2026');
}

/** The master on 'Registrar Admin': its form and submit button. */
async function openAsMaster(page: Page) {
  await signInAsMaster(page);
  await page.goto('/master/admin-registration');
  return {
    form: page.locator('form'),
    submit: page.getByRole('button', { name: 'Registrar Administrador' }),
  };
}

test.describe('Registrar Admin (master)', () => {
  test('every field says what it needs; names keep letters, the phone formats itself, strength shows live', async ({
    page,
  }) => {
    const { form, submit } = await openAsMaster(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Registrar Nuevo Administrador' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Everything empty: every field says what it needs, and the first one gets the focus.
    await submit.click();
    for (const message of [
      'El nombre es requerido',
      'El apellido es requerido',
      'El correo electrónico es requerido',
      'El número de teléfono es requerido',
      'La contraseña debe tener al menos 8 caracteres',
      'Debe confirmar la contraseña',
    ]) {
      await expect(form.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(field(page, 'Nombre')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // Names keep only letters; the phone formats itself.
    await field(page, 'Nombre').fill('L3!');
    await expect(field(page, 'Nombre')).toHaveValue('L');
    await field(page, 'Apellido').pressSequentially('Núñez-2');
    await expect(field(page, 'Apellido')).toHaveValue('Núñez');
    await field(page, 'Número de Teléfono').pressSequentially('787555');
    await expect(field(page, 'Número de Teléfono')).toHaveValue('(787) 555');
    await field(page, 'Correo Electrónico').fill('correo-sin-arroba');
    await field(page, 'Contraseña').fill('segura#2026');
    await field(page, 'Confirmar Contraseña').fill('otra');
    await submit.click();
    for (const message of [
      'El nombre debe tener al menos 2 caracteres',
      'Formato de correo electrónico inválido',
      'El número de teléfono debe tener 10 dígitos',
      'La contraseña debe contener al menos una letra mayúscula',
      'Las contraseñas no coinciden',
    ]) {
      await expect(form.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(form.getByRole('alert').filter({ hasText: 'El apellido' })).toHaveCount(0);

    // The strength shows live, with the first rule the password breaks.
    const password = field(page, 'Contraseña');
    await password.fill('Segura2026');
    await expect(password).toHaveAccessibleDescription(
      /La contraseña debe contener al menos un carácter especial/,
    );
  });

  test('a taken email shows on its field; after the confirmation the success banner gives the new ID', async ({
    page,
  }) => {
    const existing = await createAdmin('pending');
    const { form, submit } = await openAsMaster(page);

    // A taken email: confirmed, refused by the server, and shown on the email field.
    await fillValidForm(page, existing.email);
    await expect(field(page, 'Número de Teléfono')).toHaveValue('(787) 555-0123');
    await submit.click();
    const modal = page.getByRole('dialog', { name: 'Confirmar Registro' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(existing.email);
    await expect(modal).toContainText('Lucía Muñoz Güell');
    await expect(modal).toContainText('(787) 555-0123');
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Confirmar Registro' }).click();
    await expect(modal).toBeHidden();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Este correo electrónico ya está registrado' }),
    ).toBeVisible();
    await expect(field(page, 'Correo Electrónico')).toBeFocused();

    // Cancel keeps the form as it was.
    const email = uniqueEmail('registro');
    await field(page, 'Correo Electrónico').fill(email);
    await submit.click();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(modal).toBeHidden();
    await expect(field(page, 'Correo Electrónico')).toHaveValue(email);

    // Success: 'Registro Exitoso' with the new admin's ID and state; the form is emptied.
    await submit.click();
    await modal.getByRole('button', { name: 'Confirmar Registro' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Registro Exitoso' });
    await expect(banner).toBeVisible();
    const shownId = Number(await banner.getByTestId('created-admin-id').textContent());
    await expect(banner).toContainText('Pendiente');
    await expect(field(page, 'Correo Electrónico')).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);

    // The banner goes away by itself after 5 seconds.
    await expect(banner).toBeHidden({ timeout: 8_000 });

    // The ID shown is the admin just made, pending, with the phone as digits.
    const { api, headers } = await masterApi(BASE_URL);
    try {
      const answer = await api.get(`${ADMINS_PATH}/${shownId}`, { headers });
      expect(answer.status()).toBe(200);
      const { admin } = (await answer.json()) as {
        admin: { admin_email: string; admin_phone: string; admin_first_name: string; access_status: string };
      };
      expect(admin).toMatchObject({
        admin_email: email,
        admin_phone: '7875550123',
        admin_first_name: 'Lucía',
        access_status: 'pending',
      });
    } finally {
      await api.dispose();
    }
  });

  test('a new attempt clears the last success banner: the failure of the next one stands alone', async ({
    page,
  }) => {
    const existing = await createAdmin('pending');
    const { form, submit } = await openAsMaster(page);
    const modal = page.getByRole('dialog', { name: 'Confirmar Registro' });
    // By its text, not its role: an open dialog hides the page from the accessibility tree, not from view.
    const success = page.getByText('Registro Exitoso');
    // Counted at once, without waiting: the banner also leaves by itself after 5 s.
    const successShown = () => success.count();

    await fillValidForm(page, uniqueEmail('primero'));
    await submit.click();
    await modal.getByRole('button', { name: 'Confirmar Registro' }).click();
    await expect(success).toBeVisible();

    // The next attempt, with a taken email, well within the banner's 5 s: the banner goes as it starts.
    await fillValidForm(page, existing.email);
    await expect(success).toBeVisible();
    await submit.click();
    await expect(modal).toBeVisible();
    expect(await successShown()).toBe(0);
    await modal.getByRole('button', { name: 'Confirmar Registro' }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Este correo electrónico ya está registrado' }),
    ).toBeVisible();
    expect(await successShown()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // An attempt stopped by the field checks clears it too.
    await field(page, 'Correo Electrónico').fill(uniqueEmail('segundo'));
    await submit.click();
    await modal.getByRole('button', { name: 'Confirmar Registro' }).click();
    await expect(success).toBeVisible();
    await submit.click();
    await expect(form.getByRole('alert').filter({ hasText: 'El nombre es requerido' })).toBeVisible();
    expect(await successShown()).toBe(0);
  });

  test('the dashboard tab shows the form under the page heading and links to the history', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Registrar Admin' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(
      panel.getByRole('heading', { level: 2, name: 'Registrar Nuevo Administrador' }),
    ).toBeVisible();
    await panel.getByRole('link', { name: 'Ver Historial de Registros' }).click();
    await expect(page).toHaveURL(/\/admin-registration-history$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Historial de Registros/ })).toBeVisible();
  });
});

test.describe('master-only pages, as an admin', () => {
  test('the restricted page on each route, and no master tabs', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Registrar Admin' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Aprobar Admins' })).toHaveCount(0);

    await page.goto('/master/admin-registration');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await expect(
      page.getByText('Solo usuarios maestros pueden registrar nuevos administradores.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registrar Nuevo Administrador' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    for (const path of ['/admin-registration-history', '/admin-approval']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
      await expect(page.getByText(/^Solo usuarios maestros pueden /)).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });
});
