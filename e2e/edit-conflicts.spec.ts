// Edit conflicts: two people edit the same admin account in two browsers. The
// second to save sees 'Este registro cambió mientras lo editaba' with what changed, who and when,
// and can reload the account as it is now or apply their own change over it. Screenshots at 1440
// and 390 px (E2E_SHOTS_DIR) and axe on the conflict view.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { openHeaderAction } from './support/business-page-actions.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { createAdmin, masterApi, signInAsMaster, type TestAdmin } from './support/staff.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';

interface Account {
  admin_first_name: string;
  admin_last_name: string;
  version: string;
}

async function account(adminId: number): Promise<Account> {
  const { api, headers } = await masterApi(BASE_URL);
  try {
    const response = await api.get(`${ADMINS}/${adminId}`, { headers });
    return ((await response.json()) as { admin: Account }).admin;
  } finally {
    await api.dispose();
  }
}

/** A master's browser at `width`, with the edit modal of the admin open. */
async function openEdit(browser: Browser, baseURL: string | undefined, width: number, admin: TestAdmin) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAsMaster(page);
  await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
  // The search's own answer: the first page it replaces also shows the new admin, and a click there
  // can be lost when the list is drawn again.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === admin.email,
  );
  await page.getByLabel('Buscar administradores').fill(admin.email);
  await expect(page).toHaveURL(/buscar=/);
  await searched;
  const row = page.getByRole(width < 640 ? 'listitem' : 'row').filter({ hasText: admin.email });
  await row.getByRole('button', { name: /^Editar a / }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Administrador', exact: true });
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(admin.email);
  return { context, page, dialog };
}

const save = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByRole('button', { name: 'Guardar Cambios', exact: true }).click();

for (const width of [1440, 390]) {
  test(`two masters edit one admin at ${width}px: the second sees the conflict, reloads or applies anyway`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await createAdmin('active');
    const before = await account(admin.adminId);
    const first = await openEdit(browser, baseURL, width, admin);
    const second = await openEdit(browser, baseURL, width, admin);

    // The first saves a new first name.
    const firstName = `Primera${Date.now().toString(36)}`;
    await first.dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(firstName);
    await save(first.dialog);
    await expect(first.dialog).toBeHidden();

    // The second, still showing the old account, saves a new last name: the conflict view.
    const lastName = `Segunda${Date.now().toString(36)}`;
    await second.dialog.getByLabel('Apellido').fill(lastName);
    await save(second.dialog);
    const notice = second.dialog
      .getByRole('alert')
      .filter({ hasText: 'Este registro cambió mientras lo editaba' });
    await expect(notice).toBeVisible();
    const changed = notice
      .getByRole('row')
      .filter({ has: second.page.getByRole('rowheader', { name: 'Nombre' }) });
    await expect(changed).toContainText(before.admin_first_name);
    await expect(changed).toContainText(firstName);
    await expect(notice).toContainText('Lo cambió Usuario maestro');
    await expect(notice.getByRole('button', { name: 'Recargar' })).toBeVisible();
    // Nothing of the second's change was written.
    expect((await account(admin.adminId)).admin_last_name).toBe(before.admin_last_name);

    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await second.page.screenshot({ path: `${shots}/edit-conflict-${width}.png` });
    expect(await dialogViolations(second.page)).toEqual([]);

    if (width === 1440) {
      // 'Recargar': the form shows the account as it is now; saving again works.
      await notice.getByRole('button', { name: 'Recargar' }).click();
      await expect(notice).toBeHidden();
      await expect(second.dialog.getByRole('textbox', { name: 'Nombre', exact: true })).toHaveValue(
        firstName,
      );
      await second.dialog.getByLabel('Apellido').fill(lastName);
      await save(second.dialog);
    } else {
      // 'Aplicar mi cambio de todos modos': only the second's own edit goes over the first's.
      await notice.getByRole('button', { name: 'Aplicar mi cambio de todos modos' }).click();
    }
    await expect(second.dialog).toBeHidden();
    const after = await account(admin.adminId);
    expect(after).toMatchObject({ admin_first_name: firstName, admin_last_name: lastName });
    expect(after.version).not.toBe(before.version);
    await first.context.close();
    await second.context.close();
  });
}

test('access toggles: a change made elsewhere turns the stale toggle into the conflict view; Recargar (by keyboard) shows it', async ({
  page,
}) => {
  const business = await registerBusiness();
  const path = `/master/business-access/api/v1/business-access/registry/${business.registry}`;
  await withMasterApi(async (api, headers) => {
    expect((await api.post(`${path}/default?master=true`, { headers })).status()).toBe(201);
  });
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=acceso&registro=${business.registry}`);
  const master = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Control de Acceso Maestro' }) });
  await expect(master.getByRole('switch', { name: 'PRODUCTOS' })).toBeChecked();

  // Someone else turns PRODUCTOS off (no If-Match: last write wins for them).
  await withMasterApi(async (api, headers) => {
    const answer = await api.patch(`${path}/admin/master`, {
      headers,
      data: { access_type: 'product_access', new_value: false, is_master: true },
    });
    expect(answer.status()).toBe(200);
  });

  // This page still shows it on, and turns SERVICIOS off: 412, nothing written.
  await master.getByRole('switch', { name: 'SERVICIOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar Desactivación' });
  await dialog.getByRole('button', { name: 'Desactivar' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('alert').filter({ hasText: 'Este registro cambió mientras lo editaba' });
  await expect(notice).toBeVisible();
  const row = notice.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'PRODUCTOS' }) });
  await expect(row).toContainText('Activado');
  await expect(row).toContainText('Desactivado');
  await expect(notice.getByRole('button', { name: 'Aplicar mi cambio de todos modos' })).toBeVisible();
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  const shots = process.env.E2E_SHOTS_DIR;
  if (shots) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/access-conflict-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // By keyboard: the notice leaves with its button, and the switch tried takes the focus.
  await notice.getByRole('button', { name: 'Recargar' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toBeHidden();
  await expect(master.getByRole('switch', { name: 'PRODUCTOS' })).not.toBeChecked();
  const servicios = master.getByRole('switch', { name: 'SERVICIOS' });
  await expect(servicios).toBeChecked();
  await expect(servicios).toBeFocused();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
});

for (const width of [1440, 390]) {
  test(`'Editar datos' of a business renamed meanwhile at ${width}px: the notice has the focus and shows the own change; Recargar sends the focus to it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const business = await registerBusiness();
    await signInAsMaster(page);
    await page.goto(`/negocios/${business.registry}`);
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    await openHeaderAction(page, width, 'Editar datos');
    const dialog = page.getByRole('dialog', { name: 'Editar datos' });
    await expect(dialog).toContainText('El email se cambia con «Actualizar Email».');
    const year = dialog.getByRole('textbox', { name: /Año de fundación/ });
    await expect(year).toBeVisible();

    // Someone else renames the business while the modal is open.
    const renamed = `${business.name} Otra Persona`;
    await withMasterApi(async (api, headers) => {
      const response = await api.patch(
        `/master/business-data/api/v1/business-data/registry/${business.registry}`,
        { headers, data: { business_name: renamed } },
      );
      expect(response.status(), await response.text()).toBe(200);
    });

    await year.fill('2003');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    const notice = dialog.getByRole('alert').filter({ hasText: 'Este registro cambió mientras lo editaba' });
    await expect(notice.getByRole('row').filter({ hasText: 'Nombre' })).toContainText(renamed);
    // The person's own change, not saved: what 'Aplicar mi cambio de todos modos' would send.
    const mine = notice.getByRole('list', { name: /^Su cambio, sin guardar/ });
    await expect(mine.getByRole('listitem')).toHaveText(['Año: 2003']);
    await expect(
      notice.getByRole('heading', { name: 'Este registro cambió mientras lo editaba' }),
    ).toBeFocused();
    expect(await dialogViolations(page)).toEqual([]);
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/business-edit-conflict-${width}.png` });

    // 'Recargar': the form shows the business as it is now; the focus is on the field changed.
    await notice.getByRole('button', { name: 'Recargar' }).click();
    await expect(notice).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: /Nombre del negocio/ })).toHaveValue(renamed);
    await expect(year).toBeFocused();
    if (shots) await page.screenshot({ path: `${shots}/business-edit-reloaded-${width}.png` });
    await year.fill('2003');
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  });
}
