// Every list offers 10, 25 and 50 rows per page (and its own default where SPEC
// names another one), and the choice stays in the address.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { createAdmin, signInAsMaster } from './support/staff.ts';

const shots = process.env.E2E_SHOTS_DIR;

async function sizesOffered(page: Page): Promise<string[]> {
  const select = page.getByLabel('Filas por página');
  await expect(select).toBeVisible({ timeout: 15_000 });
  return select.locator('option').allTextContents();
}

test.describe('rows per page on every list', () => {
  test.beforeAll(async () => {
    // Something in the registration history and in the trash, so both lists have rows to page.
    await createAdmin('pending');
    const business = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const response = await api.delete(`/master/business-deletion/${business.registry}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    });
  });

  test('directory, approval, audit, registration history and trash', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsMaster(page);

    await expect.poll(() => sizesOffered(page)).toEqual(['10', '25', '50']);

    await page.goto('/admin-approval');
    await expect.poll(() => sizesOffered(page)).toEqual(['10', '20', '25', '50']);

    await page.goto('/admin-dashboard?tab=auditoria');
    await expect.poll(() => sizesOffered(page)).toEqual(['10', '20', '25', '50']);

    await page.goto('/admin-registration-history');
    await expect.poll(() => sizesOffered(page)).toEqual(['10', '25', '50']);
    await page.getByLabel('Filas por página').selectOption('25');
    await expect(page).toHaveURL(/filas=25/);
    await page.reload();
    await expect(page.getByLabel('Filas por página')).toHaveValue('25');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/history-1280.png` });

    await page.goto('/admin-dashboard?tab=papelera');
    await expect.poll(() => sizesOffered(page)).toEqual(['10', '20', '25', '50']);
    await page.getByLabel('Filas por página').selectOption('50');
    await expect(page).toHaveURL(/filas=50/);
    await expect(page.getByLabel('Filas por página')).toHaveValue('50');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) {
      await page.screenshot({ path: `${shots}/trash-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/trash-390.png` });
      await page.goto('/admin-registration-history?filas=25');
      await expect(page.getByLabel('Filas por página')).toHaveValue('25');
      await page.screenshot({ path: `${shots}/history-390.png` });
    }
  });

  test('a page size chosen while a search is still being typed stays chosen', async ({ page }) => {
    await signInAsMaster(page);
    const search = page.getByRole('searchbox', {
      name: 'Buscar negocios por nombre, propietario, email o teléfono',
    });
    await expect(search).toBeVisible({ timeout: 15_000 });
    // The search is sent 500 ms after the last key; the page size is chosen before that.
    await search.fill('cafe');
    await page.getByLabel('Filas por página').selectOption('25');
    await expect(page).toHaveURL(/q=cafe/);
    await expect(page).toHaveURL(/filas=25/);
    await expect(page.getByLabel('Filas por página')).toHaveValue('25');
  });
});
