// 'Aprobar Admins': one admin's life through the master's approval screen, with the
// admin signing in from a second browser context after each step that changes what it may do.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import {
  createAdmin,
  masterApi,
  signInAndReplacePassword,
  signInAsMaster,
  signInThroughScreen,
  type TestAdmin,
} from './support/staff.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';
const LOCKOUTS = '/master/registration/api/v1/admin-lockout';
const NEW_PASSWORD = 'Renovada#2026xyz';
/** The admin's own, chosen at the first sign-in and after the reset (a password the master set must be replaced). */
const FIRST_CHOSEN_PASSWORD = 'Propia#2026xyz';
const CHOSEN_PASSWORD = 'Elegida#2026xyz';

/** The master's approval tab, narrowed to one admin by the search box. */
async function openApprovalFor(page: Page, email: string, status = 'all') {
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=aprobar-admins${status === 'pending' ? '' : `&estado=${status}`}`);
  await expect(page.getByRole('heading', { name: 'Aprobar Admins' })).toBeVisible();
  await page.getByLabel('Buscar administradores').fill(email);
  await expect(page).toHaveURL(/buscar=/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

/** A master call under the admin-registration family (or `base`). */
async function adminApi<T>(
  path: string,
  method: 'GET' | 'DELETE' | 'POST' = 'GET',
  data?: object,
  base = ADMINS,
) {
  const { api, headers } = await masterApi(BASE_URL);
  try {
    const response = await api.fetch(`${base}${path}`, { method, headers, data });
    return { status: response.status(), body: (await response.json()) as T };
  } finally {
    await api.dispose();
  }
}

/** A second browser, as the admin: signs in through the login screen. */
async function adminBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.describe.configure({ mode: 'serial' });

test.describe('Aprobar Admins: one admin from approval to deletion', () => {
  let admin: TestAdmin;
  let others: TestAdmin[];
  let name: string;

  test.beforeAll(async () => {
    [admin, ...others] = await Promise.all([
      createAdmin('pending'),
      createAdmin('pending'),
      createAdmin('pending'),
    ]);
    const { body } = await adminApi<{ admin: { admin_first_name: string; admin_last_name: string } }>(
      `/${admin.adminId}`,
    );
    name = `${body.admin.admin_first_name} ${body.admin.admin_last_name}`;
  });

  test.afterAll(async () => {
    await adminApi('/bulk', 'POST', { action: 'delete', admin_ids: others.map((other) => other.adminId) });
  });

  test('finds the pending admin, approves it in one click, and the admin signs in', async ({
    page,
    browser,
    baseURL,
  }) => {
    const row = await openApprovalFor(page, admin.email, 'pending');
    await expect(page.getByLabel('Estado', { exact: true })).toHaveValue('pending');
    // The badge reads as the status filter's option does.
    await expect(row.getByText('Pendiente', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Estado', { exact: true }).locator('option:checked')).toHaveText(
      'Pendiente',
    );
    await expect(page).toHaveURL(/tab=aprobar-admins/);

    await row.getByRole('button', { name: `Aprobar a ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Administrador aprobado' })).toContainText(
      admin.email,
    );
    // The list shows pending admins: the approved one has left it.
    await expect(page.getByText('Sin resultados')).toBeVisible();
    const { body } = await adminApi<{ admin: { access_status: string } }>(`/${admin.adminId}`);
    expect(body.admin.access_status).toBe('active');

    // Approved, the admin signs in with the password the master gave and chooses their own first.
    const other = await adminBrowser(browser, baseURL);
    await signInAndReplacePassword(other.page, admin.email, admin.password, FIRST_CHOSEN_PASSWORD);
    await other.context.close();
    admin = { ...admin, password: FIRST_CHOSEN_PASSWORD };
  });

  test('edits the admin: required fields are checked, an emptied phone is left out', async ({ page }) => {
    const before = await adminApi<{ admin: { admin_phone: string } }>(`/${admin.adminId}`);
    const row = await openApprovalFor(page, admin.email);
    await expect(row.getByText('Activo', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Editar a ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Administrador', exact: true });
    await expect(edit.getByLabel('Correo electrónico')).toHaveValue(admin.email);
    expect(await dialogViolations(page)).toEqual([]);
    await edit.getByLabel('Nombre').fill('');
    await edit.getByRole('button', { name: 'Guardar Cambios', exact: true }).click();
    await expect(edit.getByText('El nombre es requerido')).toBeVisible();
    await expect(edit.getByLabel('Nombre')).toBeFocused();
    const firstName = `Editada${Date.now().toString(36)}`;
    await edit.getByLabel('Nombre').fill(firstName);
    // An emptied optional phone is left out of the update, so the stored one stays.
    await edit.getByLabel('Teléfono (opcional)').fill('');
    await edit.getByRole('button', { name: 'Guardar Cambios', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Administrador actualizado' })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toContainText(firstName);
    const after = await adminApi<{ admin: { admin_first_name: string; admin_phone: string } }>(
      `/${admin.adminId}`,
    );
    expect(after.body.admin.admin_first_name).toBe(firstName);
    expect(after.body.admin.admin_phone).toBe(before.body.admin.admin_phone);
    name = `${firstName} ${name.split(' ').slice(1).join(' ')}`;
  });

  test('resets its password with a live list of unmet rules; the admin signs in with it and must replace it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const row = await openApprovalFor(page, admin.email);
    await row.getByRole('button', { name: `Restablecer contraseña a ${name}` }).click();
    const reset = page.getByRole('dialog', { name: 'Restablecer Contraseña', exact: true });
    const submit = reset.getByRole('button', { name: 'Restablecer Contraseña', exact: true });
    await expect(submit).toBeDisabled();
    await reset.getByLabel('Nueva contraseña').fill('corta');
    await expect(reset.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
    await expect(reset.getByText('La contraseña debe contener al menos una letra mayúscula')).toBeVisible();
    await expect(reset.getByText('La contraseña debe contener al menos una letra minúscula')).toBeHidden();
    expect(await dialogViolations(page)).toEqual([]);
    await reset.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
    await expect(reset.getByText('La contraseña cumple todos los requisitos.')).toBeVisible();
    await submit.click();
    await expect(reset).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Contraseña restablecida' })).toBeVisible();

    const other = await adminBrowser(browser, baseURL);
    await signInAndReplacePassword(other.page, admin.email, NEW_PASSWORD, CHOSEN_PASSWORD);
    await other.context.close();
    admin = { ...admin, password: CHOSEN_PASSWORD };
  });

  test('suspends it in bulk with two others, and its open session ends on its next call', async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await adminBrowser(browser, baseURL);
    await signInThroughScreen(other.page, admin.email, admin.password);

    await openApprovalFor(page, admin.email);
    // The selection stays while the search changes, so admins found one by one go together.
    for (const each of [admin, ...others]) {
      await page.getByLabel('Buscar administradores').fill(each.email);
      const box = page.getByRole('checkbox', { name: new RegExp(each.email.replace(/[.]/g, '\\.')) });
      await box.check();
      await expect(box).toBeChecked();
    }
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await expect(bar).toContainText('3 administradores seleccionados');
    // The bar says the selection holds rows this search does not show.
    await expect(bar).toContainText('2 no se muestran en la lista actual.');
    await page.getByLabel('Buscar administradores').fill('zzznadie');
    await expect(
      page.getByText('No se encontraron administradores que coincidan con "zzznadie".', { exact: true }),
    ).toBeVisible();
    await expect(bar).toContainText('3 administradores seleccionados');
    await expect(bar).toContainText('Ninguno se muestra en la lista actual.');
    await bar.getByRole('button', { name: 'Suspender', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspender 3 administradores' });
    await expect(confirm).toContainText(admin.email);
    expect(await dialogViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Suspender 3 administradores' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Acción masiva completada' })).toContainText(
      '3 administradores suspendidos',
    );
    await expect(bar).toBeHidden();
    for (const each of [admin, ...others]) {
      const { body } = await adminApi<{ admin: { access_status: string } }>(`/${each.adminId}`);
      expect(body.admin.access_status).toBe('suspended');
    }

    await other.page.reload();
    await expect(other.page).toHaveURL(/\/$/);
    await expect(other.page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
    await other.context.close();
  });

  test('five failed sign-ins lock it; the master sees until when, releases it, and the admin signs in', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const row = await openApprovalFor(page, admin.email);
    await row.getByRole('button', { name: `Activar a ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Administrador activado' })).toBeVisible();

    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await request.post('/auth/login', {
        data: { email: admin.email, password: 'Mala#Clave1' },
      });
      expect(failed.status()).toBe(401);
    }
    expect(
      (
        await request.post('/auth/login', { data: { email: admin.email, password: admin.password } })
      ).status(),
    ).toBe(429);
    const lock = await adminApi<{ locked: boolean; locked_until: string }>(
      `/${admin.adminId}`,
      'GET',
      undefined,
      LOCKOUTS,
    );
    expect(lock.body.locked).toBe(true);

    await page.reload();
    const lockedUntil = new Date(lock.body.locked_until);
    const minutes = new Intl.DateTimeFormat('en-US', { minute: '2-digit', timeZone: 'America/Puerto_Rico' })
      .format(lockedUntil)
      .padStart(2, '0');
    await expect(row.getByText(/^Bloqueado hasta /)).toContainText(`:${minutes}`);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `Desbloquear a ${name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bloqueo liberado' })).toBeVisible();
    await expect(row.getByText(/^Bloqueado hasta /)).toBeHidden();
    expect(
      (await adminApi<{ locked: boolean }>(`/${admin.adminId}`, 'GET', undefined, LOCKOUTS)).body.locked,
    ).toBe(false);

    const other = await adminBrowser(browser, baseURL);
    await signInThroughScreen(other.page, admin.email, admin.password);
    await other.context.close();
  });

  test('deletes it after a confirmation naming it', async ({ page }) => {
    const row = await openApprovalFor(page, admin.email);
    await row.getByRole('button', { name: `Eliminar a ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Administrador', exact: true });
    await expect(confirm).toContainText(admin.email);
    await expect(confirm).toContainText(name);
    expect(await dialogViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Administrador eliminado' })).toContainText(
      admin.email,
    );
    await expect(page.getByText('Sin resultados')).toBeVisible();
    expect((await adminApi(`/${admin.adminId}`)).status).toBe(404);
  });
});
