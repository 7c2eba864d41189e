// axe on every modal, signed in as master, at 1440 and 390 px: the directory's history (data,
// empty, error), verification, email change (both steps) and delete; the register business
// confirmation and success; the admin registration confirmation and banner; the approval screen's
// edit, reset, delete and bulk modals and the lockout notice; the access confirmation. Zero serious
// or critical violations and every field named. Auto-closing success states (2-3 s) are left out: a
// scan on this machine can outlast them.
import { expect, type Page, test } from '@playwright/test';
import { AxeScanner } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { SEEDED_BASE_URL } from './support/env.ts';
import {
  confirmAndReadRegistry,
  fillForm,
  newFormData,
  submitButton,
} from './support/register-business-form.ts';
import { createAdmin, signInAsMaster, type TestAdmin, uniqueEmail } from './support/staff.ts';

const ACCESS = '/business-access/api/v1/business-access';
const ADMIN_NAME = 'Prueba Automática';

/** The directory narrowed to one business; the row's action buttons are named after it. */
async function openDirectoryOn(page: Page, business: TestBusiness) {
  await page.goto(`/admin-dashboard?tab=buscar&q=${business.registry}`);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
}

async function directoryModals(page: Page, axe: AxeScanner, business: TestBusiness, doomed: TestBusiness) {
  await openDirectoryOn(page, business);
  await page.getByRole('button', { name: `Ver historial de ${business.name}` }).click();
  const history = page.getByRole('dialog', { name: 'Historial de Cambios' });
  await expect(history.getByText(/^Mostrando \d+ de \d+ registros?$/)).toBeVisible();
  await axe.scan('history modal, with logs');
  await history.getByLabel('Operación').selectOption({ label: 'Eliminado' });
  await expect(history.getByText('Sin historial de cambios')).toBeVisible();
  await axe.scan('history modal, empty');
  await page.keyboard.press('Escape');

  const failing = '**/business-change-logs/api/v1/business-change-logs/registry/**';
  await page.route(failing, (route) =>
    route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
  );
  await page.getByRole('button', { name: `Ver historial de ${business.name}` }).click();
  await expect(history.getByText('Error al cargar historial')).toBeVisible();
  await axe.scan('history modal, load error');
  await page.keyboard.press('Escape');
  await page.unroute(failing);

  await page.getByRole('button', { name: `Gestionar verificación de ${business.name}` }).click();
  const verification = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  await expect(verification.getByRole('switch').first()).toBeVisible();
  await axe.scan('verification modal');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Actualizar email de ${business.name}` }).click();
  const email = page.getByRole('dialog', { name: 'Actualizar Email' });
  await email.getByLabel('Nuevo email').fill('sin-arroba.example.com');
  await email.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(email.getByText('Por favor, ingrese un email válido.')).toBeVisible();
  await axe.scan('email change modal, step 1 with an error');
  await email.getByLabel('Nuevo email').fill(uniqueEmail('nuevo'));
  await email.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(email.getByLabel('Código de verificación')).toBeVisible();
  await axe.scan('email change modal, step 2');
  await page.keyboard.press('Escape');

  await openDirectoryOn(page, doomed);
  await page.getByRole('button', { name: `Eliminar ${doomed.name}` }).click();
  const remove = page.getByRole('dialog', { name: 'Eliminar Negocio' });
  await expect(remove.getByRole('button', { name: 'Entiendo, eliminar este negocio' })).toBeDisabled();
  await axe.scan('delete business modal');
  await remove.getByRole('textbox').fill(doomed.registry);
  await expect(remove.getByRole('button', { name: 'Entiendo, eliminar este negocio' })).toBeEnabled();
  await axe.scan('delete business modal, registry typed');
  await page.keyboard.press('Escape');
}

async function registrationModals(page: Page, axe: AxeScanner) {
  await page.goto('/admin-dashboard?tab=registrar');
  const data = newFormData();
  await fillForm(page, data);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Código de verificación enviado' })).toBeVisible();
  await axe.scan('register business, code sent');
  await submitButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Confirmar Registro' })).toBeVisible();
  await axe.scan('register business, confirmation modal');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await confirmAndReadRegistry(page, data);
  await axe.scan('register business, success modal');
  await page.getByRole('button', { name: 'Registrar otro' }).click();

  await page.goto('/admin-dashboard?tab=registrar-admin');
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
  await field('Nombre').fill('Lucía');
  await field('Apellido').fill('Muñoz Güell');
  await field('Correo Electrónico').fill(uniqueEmail('registro'));
  await field('Número de Teléfono').fill('7875550123');
  await field('Contraseña').fill('Segura#2026');
  await field('Confirmar Contraseña').fill('Segura#2026');
  await axe.scan('register admin, filled form with password strength');
  await page.getByRole('button', { name: 'Registrar Administrador' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Registro' });
  await expect(confirm).toBeVisible();
  await axe.scan('register admin, confirmation modal');
  await confirm.getByRole('button', { name: 'Confirmar Registro' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registro Exitoso' })).toBeVisible();
  await axe.scan('register admin, success banner');
}

async function approvalModals(page: Page, axe: AxeScanner, pending: TestAdmin, locked: TestAdmin) {
  const openFor = async (admin: TestAdmin) => {
    await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
    await page.getByLabel('Buscar administradores').fill(admin.email);
    // The search applies after its debounce: one admin left means the list is narrowed.
    await expect(page.getByRole('button', { name: `Editar a ${ADMIN_NAME}` })).toHaveCount(1);
  };
  await openFor(locked);
  await expect(page.getByText(/^Bloqueado hasta /).filter({ visible: true })).toHaveCount(1);
  await axe.scan('approve admins, locked admin');

  await openFor(pending);
  await page.getByRole('button', { name: `Editar a ${ADMIN_NAME}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Administrador' });
  await edit.getByLabel('Nombre').fill('');
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(edit.getByRole('alert').first()).toBeVisible();
  await axe.scan('edit admin modal, with an error');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Restablecer contraseña a ${ADMIN_NAME}` }).click();
  const reset = page.getByRole('dialog', { name: 'Restablecer Contraseña' });
  await reset.getByLabel('Nueva contraseña').fill('corta');
  await axe.scan('reset password modal, rules shown');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Eliminar a ${ADMIN_NAME}` }).click();
  await expect(page.getByRole('dialog', { name: 'Eliminar Administrador' })).toBeVisible();
  await axe.scan('delete admin modal');
  await page.keyboard.press('Escape');

  await page.getByRole('checkbox', { name: new RegExp(`^Seleccionar a ${ADMIN_NAME}`) }).check();
  const bar = page.getByRole('region', { name: 'Acciones masivas' });
  await expect(bar).toBeVisible();
  await axe.scan('approve admins, bulk bar');
  await bar.getByRole('button', { name: 'Suspender', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /^Suspender 1 administrador/ })).toBeVisible();
  await axe.scan('bulk action confirmation modal');
  await page.keyboard.press('Escape');
}

async function accessModal(page: Page, axe: AxeScanner, withAccess: TestBusiness) {
  await page.goto('/admin-dashboard?tab=acceso');
  await page.getByLabel('Número de registro').fill(withAccess.registry);
  await page.getByLabel('Número de registro').press('Enter');
  await page.getByRole('switch', { name: 'CÓDIGOS QR' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirmar Desactivación' })).toBeVisible();
  await axe.scan('access, disable confirmation modal');
  await page.keyboard.press('Escape');
}

/** Five failed sign-ins lock the admin (the approval screen then shows 'Bloqueado hasta ...'). */
async function lockOut(admin: TestAdmin) {
  await withMasterApi(async (api) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await api.post('/auth/login', { data: { email: admin.email, password: 'Mala#Clave1' } });
      expect(failed.status()).toBe(401);
    }
  }, SEEDED_BASE_URL);
}

for (const width of [1440, 390]) {
  test.describe(`axe on every modal at ${width}px`, () => {
    test.use({ baseURL: SEEDED_BASE_URL, viewport: { width, height: 900 } });

    test('directory, registration, approval and access modals', async ({ page }) => {
      test.setTimeout(300_000);
      const business = await registerBusiness({}, SEEDED_BASE_URL);
      const doomed = await registerBusiness({}, SEEDED_BASE_URL);
      const withAccess = await registerBusiness({}, SEEDED_BASE_URL);
      await withMasterApi(async (api, headers) => {
        const made = await api.post(`/master${ACCESS}/registry/${withAccess.registry}/default?master=true`, {
          headers,
        });
        expect(made.status(), await made.text()).toBe(201);
      }, SEEDED_BASE_URL);
      const pending = await createAdmin('pending', SEEDED_BASE_URL);
      const locked = await createAdmin('active', SEEDED_BASE_URL);
      await lockOut(locked);

      const axe = new AxeScanner(page, `master modals, ${width}px`);
      await signInAsMaster(page);
      await directoryModals(page, axe, business, doomed);
      await registrationModals(page, axe);
      await approvalModals(page, axe, pending, locked);
      await accessModal(page, axe, withAccess);
      console.log(axe.report());
    });
  });
}
