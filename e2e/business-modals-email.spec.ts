// 'Actualizar Email' end to end, with the code read from the mail the server really sends (the
// harness's SMTP sink, e2e/support/mailbox.ts). Nothing in the product is opened up for the test.
import { expect, type Page, test } from '@playwright/test';
import { dialogViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { codeSentTo } from './support/mailbox.ts';
import { signInAsMaster } from './support/staff.ts';

async function openEmailModal(page: Page, business: TestBusiness, status: string) {
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(business.name);
  // The search applies after its debounce; a row clicked before that would be replaced under the modal.
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: business.name });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.getByText(status, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Actualizar email de ${business.name}` }).click();
  return { row, dialog: page.getByRole('dialog', { name: 'Actualizar Email' }) };
}

test('email change: a bad address, the mailed code, and the row shows the new email verified', async ({
  page,
}) => {
  const business = await registerBusiness();
  const stamp = Date.now().toString(36);
  const firstTry = `primero.${stamp}@e2e.example.com`;
  const newEmail = `cambio.${stamp}@e2e.example.com`;
  await withMasterApi(async (api, headers) => {
    const response = await api.patch(`/master/verification/registry/${business.registry}`, {
      headers,
      data: { verified_email: false, verified_phone: true },
    });
    expect(response.status()).toBe(200);
  });
  await signInAsMaster(page);
  const { row, dialog } = await openEmailModal(page, business, 'Parcialmente Verificado');

  await dialog.getByLabel('Nuevo email').fill('sin-arroba.example.com');
  await dialog.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(dialog.getByText('Por favor, ingrese un email válido.')).toBeVisible();

  await dialog.getByLabel('Nuevo email').fill(firstTry);
  await dialog.getByRole('button', { name: 'Enviar Código' }).click();
  const codeField = dialog.getByLabel('Código de verificación');
  await expect(codeField).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Reenviar en \d+s$/ })).toBeDisabled();
  expect(await dialogViolations(page)).toEqual([]);

  // Back to step 1: the send button counts down for the same address; a corrected one goes at once.
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog.getByLabel('Nuevo email')).toHaveValue(firstTry);
  await expect(dialog.getByRole('button', { name: /^Reenviar en \d+s$/ })).toBeDisabled();
  await dialog.getByLabel('Nuevo email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Enviar Código' }).click();
  await expect(codeField).toBeVisible();
  const code = await codeSentTo(newEmail);

  await codeField.fill('12345');
  await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
  await expect(dialog.getByText('El código debe ser de 6 dígitos.')).toBeVisible();
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
  // A wrong code is said plainly, with the tries the code has left (the 401's tries_left).
  await expect(dialog.getByText('El código no es correcto. Le quedan 4 intentos.')).toBeVisible();

  await codeField.fill(code);
  await dialog.getByRole('button', { name: 'Confirmar Cambio' }).click();
  await expect(dialog.getByText('Email actualizado exitosamente')).toBeVisible();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Email actualizado exitosamente' }),
  ).toContainText('y queda verificado.');
  // The row behind the open modal already shows the new email, verified: the code proved it.
  const rowBehind = page.getByRole('row', { includeHidden: true }).filter({ hasText: business.name });
  await expect(rowBehind.getByText(newEmail)).toBeVisible();
  await expect(rowBehind.getByText('Verificado', { exact: true })).toBeVisible();
  await expect(rowBehind.getByText(business.email)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText(newEmail)).toBeVisible();
  await expect(row.getByText('Verificado', { exact: true })).toBeVisible();

  const saved = await withMasterApi(async (api, headers) => {
    const response = await api.get(`/master/verification/registry/${business.registry}`, { headers });
    return (await response.json()).verification_status;
  });
  expect(saved).toMatchObject({ business_email: newEmail, verified_email: true, verified_phone: true });
});
