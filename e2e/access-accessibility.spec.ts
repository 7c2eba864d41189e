// axe (WCAG 2 A/AA) on 'Gestionar Acceso': the prompt, 'Sin Controles de Acceso' with its options,
// the cards with history, and the confirmation modal. No serious or critical violations.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

const ACCESS = '/business-access/api/v1/business-access';

async function openAccess(page: Page, registry: string) {
  await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
  await page.getByLabel('Número de registro').fill(registry);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test.describe('Gestionar Acceso: no serious or critical axe violations', () => {
  test('the initial prompt and Sin Controles de Acceso with its options', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
    await expect(page.getByRole('heading', { name: 'Busque un negocio' })).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await openAccess(page, business.registry);
    await page.getByRole('button', { name: 'Crear Acceso por Defecto' }).click();
    await expect(page.getByRole('heading', { name: 'Sin Controles de Acceso' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crear Acceso Maestro' })).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  });

  test('the cards, the confirmation modal and the history', async ({ page }) => {
    const business = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const created = await api.post(`/master${ACCESS}/registry/${business.registry}/default?master=true`, {
        headers,
      });
      expect(created.status()).toBe(201);
    });
    await signInAsMaster(page);
    await openAccess(page, business.registry);
    const qr = page.getByRole('switch', { name: 'CÓDIGOS QR' });
    await expect(qr).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Sin cambios registrados' })).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await qr.click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar Desactivación' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(qr).not.toBeChecked();
    await expect(page.getByRole('table', { name: 'Historial de Cambios de Acceso' })).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  });
});
