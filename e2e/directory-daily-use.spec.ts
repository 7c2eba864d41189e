// On the directory and the lookup screens: no endless 'Buscando...' offline, a row modal that
// outlives the rows under it, and the search first at phone width.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerBusiness, type TestBusiness } from './support/businesses.ts';
import { holdAnswers } from './support/held-answers.ts';
import { signInAsMaster } from './support/staff.ts';

const LIST_ROUTE = /\/(admin|master)\/business-data\/api\/v1\/business-data\?/;

const title = (page: Page) =>
  page.getByRole('heading', { level: 2, name: /^(Resultados|Directorio)/, includeHidden: true });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /Buscar negocios/ });
const busy = (page: Page) =>
  page.getByRole('status', { includeHidden: true }).filter({ hasText: 'Buscando...' });

/** The table row of a business (hidden ones too: an open dialog hides the page from the tree). */
const rowOf = (page: Page, business: TestBusiness) =>
  page.getByRole('row', { includeHidden: true }).filter({ hasText: business.name });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** Offline, a registry lookup ends in its error with 'Reintentar'; online again, it loads by itself. */
async function lookupOfflineThenOnline(
  page: Page,
  context: BrowserContext,
  business: TestBusiness,
  loaded: (page: Page) => Promise<void>,
) {
  const field = page.getByRole('combobox', { name: /Número de registro/ });
  await expect(field).toBeVisible();
  await context.setOffline(true);
  await field.fill(business.registry);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const retry = page.getByRole('alert').getByRole('button', { name: 'Reintentar' }).first();
  await expect(retry).toBeVisible({ timeout: 15_000 });
  await expect(busy(page)).toHaveCount(0);
  await context.setOffline(false);
  await loaded(page);
  await expect(page.getByRole('alert').getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
}

test.describe('never a silent dead end', () => {
  test('offline, the search shows its error with Reintentar, not Resultados (0); online, it loads by itself', async ({
    page,
    context,
  }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    await expect(page.getByRole('table', { name: 'Negocios' })).toBeVisible();

    await context.setOffline(true);
    await searchBox(page).fill(business.name);
    const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el directorio' });
    await expect(failure.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 15_000 });
    await expect(busy(page)).toHaveCount(0);
    await expect(title(page)).toHaveText('Directorio de Negocios');

    // No click: coming back online retries the search once.
    await context.setOffline(false);
    await expect(rowOf(page, business)).toHaveCount(1, { timeout: 15_000 });
    await expect(failure).toHaveCount(0);
    await expect(title(page)).toHaveText('Resultados (1)');
  });

  test('offline, the content, subscription and access lookups show their error, then load once online', async ({
    page,
    context,
  }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);

    await openTab(page, 'Gestionar Contenido');
    await lookupOfflineThenOnline(page, context, business, async () => {
      await expect(page.getByRole('heading', { name: business.name })).toBeVisible({ timeout: 15_000 });
    });

    await openTab(page, 'Gestionar Suscripciones');
    await lookupOfflineThenOnline(page, context, business, async () => {
      await expect(page.getByText(business.name).first()).toBeVisible({ timeout: 15_000 });
    });

    await openTab(page, 'Gestionar Acceso');
    await lookupOfflineThenOnline(page, context, business, async () => {
      await expect(page.getByText(business.name).first()).toBeVisible({ timeout: 15_000 });
    });
  });
});

test('a row modal survives the search replacing the rows under it', async ({ page }) => {
  const business = await registerBusiness();
  await signInAsMaster(page);
  await searchBox(page).fill(business.name);
  await expect(title(page)).toHaveText('Resultados (1)', { timeout: 15_000 });

  // The next search's answer waits until the modal is open, so the rows are replaced under it.
  const release = await holdAnswers(page, LIST_ROUTE);
  await searchBox(page).fill(business.email);
  await rowOf(page, business)
    .getByRole('button', { name: `Gestionar verificación de ${business.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  await expect(dialog).toBeVisible();
  await expect(busy(page)).toHaveCount(1);
  release();
  await expect(busy(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(title(page)).toHaveText(/^Resultados \(/);
  await expect(dialog).toBeVisible();

  // The modal still works: saving reaches the row that is now on screen.
  await dialog.getByRole('group', { name: 'Email' }).getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(dialog).toHaveCount(0, { timeout: 10_000 });
  await expect(rowOf(page, business).getByText('Parcialmente Verificado')).toBeVisible();
});

test('at 390 px the search box comes first, within the first screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerBusiness();
  await signInAsMaster(page);
  await expect(page.getByRole('list', { name: 'Negocios' })).toBeVisible();
  const box = await searchBox(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeLessThan(300);
  // The totals are still there, below the list.
  const summary = page.getByRole('region', { name: 'Resumen del directorio' });
  await expect(summary.getByText('Total de Negocios')).toBeAttached();
  const list = await page.getByRole('list', { name: 'Negocios' }).boundingBox();
  const totals = await summary.boundingBox();
  expect(totals!.y).toBeGreaterThan(list!.y);
});
