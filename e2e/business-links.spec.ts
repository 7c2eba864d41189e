// Links everywhere: registry numbers and business names open /negocios/<registro> from the
// directory (row click, Enter on a focused row, the name link), the audit list, the content lookup,
// the registration success modal and a row's history modal; the row's action buttons still open their
// modals; Back restores the directory's search, filters and page.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerAuditedBusiness, registerBusiness, withMasterApi } from './support/businesses.ts';
import { MASTER_IDENTIFIER, MASTER_PASSWORD, SEEDED_BASE_URL } from './support/env.ts';
import {
  confirmAndReadRegistry,
  field,
  fillForm,
  newFormData,
  openForm,
} from './support/register-business-form.ts';
import { signInAsMaster, signInThroughScreen } from './support/staff.ts';

const LIST = '/master/business-data/api/v1/business-data';
const SEARCH = 'gmail';

const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /Buscar negocios/ });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Paginación' });

const pagePath = (registry: string) => new RegExp(`/negocios/${registry}$`);

/** The business page of `business` is showing: its URL, then its name as the page's heading. */
async function expectBusinessPage(page: Page, business: { registry: string; name: string }) {
  await expect(page).toHaveURL(pagePath(business.registry));
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
}

/** The registry number and name a directory row shows. */
async function rowBusiness(row: Locator) {
  const registry = (await row.getByText(/^REG\d+$/).textContent())?.trim() ?? '';
  expect(registry).toMatch(/^REG\d+$/);
  const name = (await row.getByRole('link').first().textContent())?.trim() ?? '';
  return { registry, name };
}

test.describe('links on the seeded directory', () => {
  test.use({ baseURL: SEEDED_BASE_URL });

  test.beforeEach(async ({ page }) => {
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await expect(bodyRows(page).first()).toBeVisible();
  });

  test('a click anywhere on a row but its buttons opens the page; the name is a link', async ({ page }) => {
    const row = bodyRows(page).nth(2);
    const business = await rowBusiness(row);
    await expect(row.getByRole('link', { name: business.name })).toHaveAttribute(
      'href',
      `/negocios/${business.registry}`,
    );
    // The owner's cell is no link: the row itself takes the click (cell 0 is the selection's checkbox).
    await row.getByRole('cell').nth(2).click();
    await expectBusinessPage(page, business);
  });

  test('Enter on a focused row opens the page', async ({ page }) => {
    const row = bodyRows(page).nth(1);
    const business = await rowBusiness(row);
    await row.focus();
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expectBusinessPage(page, business);
  });

  test("the row's action buttons open their modals, not the page", async ({ page }) => {
    const row = bodyRows(page).first();
    const business = await rowBusiness(row);
    for (const [label, title] of [
      [`Ver historial de ${business.name}`, 'Historial de Cambios'],
      [`Gestionar verificación de ${business.name}`, 'Gestionar Verificación'],
      [`Actualizar email de ${business.name}`, 'Actualizar Email'],
      [`Eliminar ${business.name}`, 'Eliminar Negocio'],
    ]) {
      await row.getByRole('button', { name: label }).click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await expect(page).toHaveURL(/\/admin-dashboard/);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    // Enter on a focused action button is the button's, too.
    await row.getByRole('button', { name: `Ver historial de ${business.name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Historial de Cambios' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-dashboard/);
  });

  test('Back from the page restores the search, the filters and the page', async ({ page }) => {
    // The demo data has more than one page of verified-email businesses with a gmail address.
    const total = await withMasterApi(async (api, headers) => {
      const answer = await api.get(`${LIST}?search=${SEARCH}&verified_email=true&limit=1`, { headers });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { total_count: number }).total_count;
    }, SEEDED_BASE_URL);
    expect(total).toBeGreaterThan(10);

    await searchBox(page).fill(SEARCH);
    await expect(page).toHaveURL(new RegExp(`q=${SEARCH}`));
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Email Verificado').selectOption({ label: 'Verificado' });
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Resultados (${total})` })).toBeVisible();
    await pager(page).getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager(page)).toContainText('Página 2 de');
    await expect(page).toHaveURL(/pagina=2/);
    const directoryUrl = page.url();

    const row = bodyRows(page).nth(1);
    const business = await rowBusiness(row);
    await row.getByRole('cell').nth(4).click();
    await expectBusinessPage(page, business);

    await page.goBack();
    expect(page.url()).toBe(directoryUrl);
    await expect(searchBox(page)).toHaveValue(SEARCH);
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `Resultados (${total})` })).toBeVisible();
    await expect(pager(page)).toContainText('Página 2 de');
    await expect(bodyRows(page).nth(1)).toContainText(business.name);
  });

  test('at phone width the card name is a link to the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('list', { name: 'Negocios' }).getByRole('listitem').first();
    const name = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    const registry = (await card.getByText(/^REG\d+$/).textContent())?.trim() ?? '';
    await card.getByRole('link', { name }).click();
    await expectBusinessPage(page, { registry, name });
  });
});

test.describe('links from the other screens', () => {
  test('the audit list (master) and the content lookup reach the same page', async ({ page }) => {
    const business = await registerAuditedBusiness();
    await signInAsMaster(page);

    await page.goto(`/admin-dashboard?tab=auditoria&registro=${business.registry}`);
    const audit = page.getByRole('table', { name: 'Acciones del personal' });
    await expect(audit).toContainText('Cambio de verificación');
    await audit.getByRole('link', { name: business.registry }).click();
    await expectBusinessPage(page, business);

    await page.goto('/admin-dashboard');
    await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
    await page.getByRole('combobox', { name: /Número de registro/ }).fill(business.registry);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('heading', { name: business.name }).getByRole('link').click();
    await expectBusinessPage(page, business);
  });

  for (const width of [1440, 390]) {
    test(`the history modal's name and registry number at ${width} px; Back returns to the row`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const business = await registerBusiness();
      await signInAsMaster(page);
      await searchBox(page).fill(business.name);
      await expect(page.getByRole('heading', { level: 2, name: 'Resultados (1)' })).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole('button', { name: `Ver historial de ${business.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Historial de Cambios' });
      await expect(dialog.getByText('Mostrando 1 de 1 registro')).toBeVisible();
      const name = dialog.getByRole('link', { name: business.name });
      await expect(name).toHaveAttribute('href', `/negocios/${business.registry}`);
      await expect(dialog.getByRole('link', { name: business.registry })).toHaveAttribute(
        'href',
        `/negocios/${business.registry}`,
      );
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) {
        await name.hover();
        await page.screenshot({ path: `${shots}/history-modal-links-${width}.png` });
      }

      await name.click();
      await expectBusinessPage(page, business);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/admin-dashboard/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // The focus goes back to the business's row (its card's link on a phone), not to the page's top.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('tr, li')?.textContent ?? ''))
        .toContain(business.name);
    });
  }

  test("the registration success modal: 'Registrar otro' gives a fresh form, 'Ver negocio' opens the page", async ({
    page,
  }) => {
    await signInAsMaster(page);
    await openForm(page);
    const first = newFormData();
    await fillForm(page, first);
    await confirmAndReadRegistry(page, first);
    await page.getByRole('button', { name: 'Registrar otro' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(field(page, 'Nombre del negocio')).toHaveValue('');
    await expect(field(page, 'Nombre del negocio')).toBeFocused();

    const second = newFormData();
    await fillForm(page, second);
    const registry = await confirmAndReadRegistry(page, second);
    const success = page.getByRole('dialog', { name: 'Registro Exitoso' });
    await expect(success.getByRole('link', { name: registry })).toHaveAttribute(
      'href',
      `/negocios/${registry}`,
    );
    await success.getByRole('link', { name: 'Ver negocio' }).click();
    await expectBusinessPage(page, { registry, name: second.name });
  });
});
