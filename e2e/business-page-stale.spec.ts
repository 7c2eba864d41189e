// The business page when the business moves under an open modal: deleted from another tab while
// 'Editar datos', 'Gestionar Verificación' or 'Actualizar Email' is open, and email codes that
// are spent (wrong tries, a code already mailed before the modal was opened again).
import { expect, type Page, test } from '@playwright/test';
import { openHeaderAction } from './support/business-page-actions.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { codeSentTo } from './support/mailbox.ts';
import { signInAsMaster } from './support/staff.ts';

const shots = process.env.E2E_SHOTS_DIR;
const GONE = /Este negocio ya no existe: lo eliminaron mientras esta ventana estaba abierta/;

async function deleteByApi(business: TestBusiness) {
  await withMasterApi(async (api, headers) => {
    const response = await api.delete(`/master/business-deletion/${business.registry}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
  });
}

async function openPage(page: Page, business: TestBusiness) {
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
}

test('a business deleted in another tab: each modal says so, saves nothing, and the page shows the trash', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const business = await registerBusiness();
  await signInAsMaster(page);
  await openPage(page, business);

  await page.getByRole('button', { name: 'Editar datos' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar datos' });
  await edit.getByRole('textbox', { name: /Nombre del negocio/ }).fill(`${business.name} Editado`);
  await deleteByApi(business);
  await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(edit.getByRole('alert').filter({ hasText: GONE })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/edit-gone.png` });
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toHaveCount(0);
  // The page no longer shows the business as if it were there.
  await expect(page.getByText('Este negocio está en la papelera')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar datos' })).toHaveCount(0);
});

test('verification and email modals on a business deleted meanwhile say so in Spanish', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsMaster(page);

  const flagged = await registerBusiness();
  await openPage(page, flagged);
  await page.getByRole('button', { name: 'Gestionar Verificación' }).click();
  const verification = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  await verification.getByRole('switch').first().click();
  await deleteByApi(flagged);
  await verification.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(verification.getByRole('alert').filter({ hasText: GONE })).toBeVisible();
  await expect(verification.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
  await verification.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Este negocio está en la papelera')).toBeVisible();

  const business = await registerBusiness();
  await openPage(page, business);
  await page.getByRole('button', { name: 'Actualizar Email' }).click();
  const email = page.getByRole('dialog', { name: 'Actualizar Email' });
  await email.getByLabel('Nuevo email').fill(`borrado.${Date.now().toString(36)}@e2e.example.com`);
  await deleteByApi(business);
  await email.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(email.getByRole('alert').filter({ hasText: GONE })).toBeVisible();
  await expect(email.getByRole('button', { name: 'Enviar Código' })).toBeDisabled();
  await email.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Este negocio está en la papelera')).toBeVisible();
});

for (const width of [1440, 390]) {
  test(`email codes: tries left, a spent code, and a code already mailed when the modal opens again, at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const business = await registerBusiness();
    const newEmail = `intentos.${Date.now().toString(36)}@e2e.example.com`;
    await signInAsMaster(page);
    await openPage(page, business);

    const openEmail = async () => {
      await openHeaderAction(page, width, 'Actualizar Email');
    };
    await openEmail();
    let dialog = page.getByRole('dialog', { name: 'Actualizar Email' });
    await dialog.getByLabel('Nuevo email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Enviar Código' }).click();
    const code = await codeSentTo(newEmail);

    // Closed by mistake and opened again: the code already mailed can still be typed.
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect(dialog).toHaveCount(0);
    await openEmail();
    dialog = page.getByRole('dialog', { name: 'Actualizar Email' });
    await dialog.getByLabel('Nuevo email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Enviar Código' }).click();
    await expect(
      dialog.getByRole('status').filter({ hasText: 'Ya se envió un código a este email hace poco.' }),
    ).toBeVisible();
    const codeField = dialog.getByLabel('Código de verificación');
    await expect(codeField).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Reenviar en \d+s$/ })).toBeDisabled();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    if (shots) await page.screenshot({ path: `${shots}/email-already-sent-${width}.png` });

    const wrong = code === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'El código no es correcto. Le quedan 4 intentos.' }),
    ).toBeVisible();
    // Ready for the next try: the field had lost the focus while the code was being checked.
    await expect(codeField).toBeFocused();
    if (shots) await page.screenshot({ path: `${shots}/email-tries-left-${width}.png` });
    for (const left of ['3 intentos', '2 intentos', '1 intento']) {
      await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
      await expect(
        dialog
          .getByRole('alert')
          .filter({ hasText: `Le ${left === '1 intento' ? 'queda' : 'quedan'} ${left}.` }),
      ).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
    // The fifth wrong try spends the code: even the right one is refused now, and the modal says why.
    await codeField.fill(code);
    await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: 'Este código ya no sirve: venció o se agotaron sus intentos.' }),
    ).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/email-code-spent-${width}.png` });
    const saved = await withMasterApi(async (api, headers) => {
      const response = await api.get(`/master/verification/registry/${business.registry}`, { headers });
      return (await response.json()).verification_status;
    });
    expect(saved).toMatchObject({ business_email: business.email });
  });
}

test("'Cargar más registros' after a change made meanwhile shows each row once", async ({ page }) => {
  test.setTimeout(120_000);
  const business = await registerBusiness();
  const edit = (name: string) =>
    withMasterApi(async (api, headers) => {
      const response = await api.patch(
        `/master/business-data/api/v1/business-data/registry/${business.registry}`,
        {
          headers,
          data: { business_name: name },
        },
      );
      expect(response.status(), await response.text()).toBe(200);
    });
  for (let i = 1; i <= 21; i += 1) await edit(`${business.name} v${i}`);
  const total = await withMasterApi(async (api, headers) => {
    const response = await api.get(
      `/master/business-change-logs/api/v1/business-change-logs/registry/${business.registry}`,
      { headers, params: { limit: 1 } },
    );
    return ((await response.json()) as { total_count: number }).total_count;
  });
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}/historial`);
  await expect(page.getByText(`Mostrando 20 de ${total} registros`)).toBeVisible();

  // Someone changes the business while the first page is on screen: every row moves down one.
  await edit(`${business.name} final`);
  await page.getByRole('button', { name: 'Cargar más registros' }).click();
  await expect(page.getByText(`Mostrando ${total} de ${total + 1} registros`)).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // The header row and one row per change, none twice.
  await expect(rows).toHaveCount(total + 1);
});

test("'Actualizar Email' to an address another business has, or to the business's own, says so", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const holder = await registerBusiness();
  const business = await registerBusiness();
  await signInAsMaster(page);
  await openPage(page, business);
  await page.getByRole('button', { name: 'Actualizar Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Actualizar Email' });
  const field = dialog.getByLabel('Nuevo email');

  await field.fill(business.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(
    dialog.getByText('Ese ya es el email actual del negocio. Escriba el nuevo email.'),
  ).toBeVisible();

  await field.fill(holder.email);
  await dialog.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: 'Ese email ya lo usa otro negocio del directorio. Escriba otro email.' }),
  ).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/email-taken.png` });
  // Still step 1, to type another address.
  await expect(field).toBeEditable();
  await expect(dialog.getByLabel('Código de verificación')).toHaveCount(0);
});
