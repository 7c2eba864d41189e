// 'Auditoría' (issue #16 item 7): a master's action through the portal shows in the audit view,
// found with the filters, exported as CSV; the view is master only and clean under axe.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Marks the business's email verified through the directory's 'Gestionar Verificación' modal. */
async function verifyEmailThroughDirectory(page: Page, business: TestBusiness) {
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(business.name);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: business.name });
  await row.getByRole('button', { name: `Gestionar verificación de ${business.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  await dialog.getByRole('group', { name: 'Email' }).getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 5_000 });
}

async function openAudit(page: Page) {
  await page.getByRole('tab', { name: 'Auditoría' }).click();
  await expect(page).toHaveURL(/\?tab=auditoria/);
  await expect(page.getByRole('heading', { name: /^Auditoría/ })).toBeVisible();
}

test.describe('Auditoría', () => {
  test('a master verifies an email, then finds the action by business and action, and exports it', async ({
    page,
  }) => {
    test.slow(); // a directory search, a modal, the audit tab and a download in one test
    await page.setViewportSize({ width: 1440, height: 900 });
    const business = await registerBusiness();
    await signInAsMaster(page);
    await verifyEmailThroughDirectory(page, business);

    await openAudit(page);
    const filters = page.getByRole('form', { name: 'Filtros de auditoría' });
    await filters.getByLabel('Número de registro').fill(business.registry.toLowerCase());
    await filters.getByLabel('Acción').selectOption({ label: 'Cambio de verificación' });
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();

    await expect(page).toHaveURL(/registro=/);
    await expect(page.getByText('Mostrando 1-1 de 1 acción')).toBeVisible();
    const table = page.getByRole('table', { name: 'Acciones del personal' });
    const row = table.getByRole('row').filter({ hasText: business.registry });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Cambio de verificación');
    await expect(row).toContainText('Master');
    await expect(row).toContainText('Maestro');
    await expect(row).toContainText('Email verificado: Sí');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText(/Chrome en /);
    const userAgent = await page.evaluate(() => navigator.userAgent);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${business.registry}"`);
    expect(lines[1]).toContain('"Cambio de verificación","master","Master"');
    expect(lines[1]).toContain(`"127.0.0.1","${userAgent}"`);

    // A filter nothing matches: the empty state, and 'Limpiar filtros' brings the rows back.
    await filters.getByLabel('Miembro del personal').fill('nadie@ninguno.test');
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(page.getByRole('heading', { name: 'No se encontraron acciones' })).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(table.getByRole('row').filter({ hasText: business.registry }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('shows cards at 390 px, with no sideways scroll, and passes axe there', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const business = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const response = await api.patch(`/master/verification/registry/${business.registry}`, {
        headers,
        data: { verified_phone: true },
      });
      expect(response.status(), await response.text()).toBe(200);
    });
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=auditoria&registro=${business.registry}`);
    const cards = page.getByRole('list', { name: 'Acciones del personal' });
    await expect(page.getByText('Mostrando 1-1 de 1 acción')).toBeVisible();
    await expect(cards.locator(':scope > li')).toHaveCount(1);
    await expect(cards).toContainText('Cambio de verificación');
    await expect(cards).toContainText('Teléfono verificado: Sí');
    await expect(page.getByRole('table', { name: 'Acciones del personal' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an admin has no Auditoría tab, and the URL does not open it', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('tab', { name: 'Auditoría' })).toHaveCount(0);
    await page.goto('/admin-dashboard?tab=auditoria');
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toHaveAttribute('aria-selected', 'true');
  });
});
