// The directory on the seeded server (read only): the plain list and its totals as the server gives
// them, the stats strip, a category from the summary, an honest capped total, and the four states.
import { expect, type Page, type Response, test } from '@playwright/test';
import type { BusinessListResponse, BusinessStatsResponse } from '@portal/contract/responses';
import type { z } from 'zod';
import { seriousViolations } from './support/axe-scan.ts';
import { MASTER_IDENTIFIER, MASTER_PASSWORD, SEEDED_BASE_URL } from './support/env.ts';
import { holdAnswers } from './support/held-answers.ts';
import { signInThroughScreen } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const LIST_PATH = /\/(admin|master)\/business-data\/api\/v1\/business-data$/;
const LIST_ROUTE = /\/(admin|master)\/business-data\/api\/v1\/business-data\?/;
const STATS_PATH = /\/(admin|master)\/business-data\/api\/v1\/business-data\/stats$/;

type ListAnswer = z.infer<typeof BusinessListResponse>;
type StatsAnswer = z.infer<typeof BusinessStatsResponse>;

const es = (value: number) => new Intl.NumberFormat('es-PR').format(value);
const isList = (response: Response) => LIST_PATH.test(new URL(response.url()).pathname);
const results = (page: Page) => page.getByRole('heading', { level: 2, name: /^(Resultados|Directorio)/ });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Paginación' });
const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });

const categoryButton = (page: Page, entry: { category: string; count: number }) =>
  page
    .getByRole('region', { name: 'Resumen del directorio' })
    .getByRole('button', { name: `Filtrar por ${entry.category} ${es(entry.count)}`, exact: true });

async function signIn(page: Page) {
  await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
}

test.describe('directory on the seeded data', () => {
  test('lists every business newest first with the server totals, and the stats strip', async ({ page }) => {
    const listed = page.waitForResponse(
      (response) => isList(response) && !new URL(response.url()).searchParams.has('search'),
    );
    const counted = page.waitForResponse((response) => STATS_PATH.test(new URL(response.url()).pathname));
    await signIn(page);
    const list = (await (await listed).json()) as ListAnswer;
    const { stats } = (await (await counted).json()) as StatsAnswer;

    await expect(results(page)).toHaveText('Directorio de Negocios');
    await expect(pager(page)).toContainText(`Mostrando 1-10 de ${es(list.total_count)}`);
    await expect(pager(page)).toContainText(`Página 1 de ${es(Math.ceil(list.total_count / 10))}`);
    await expect(pager(page).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    const rows = table(page).getByRole('row');
    await expect(rows).toHaveCount(list.businesses.length + 1);
    await expect(rows.nth(1)).toContainText(list.businesses[0]!.business_name);
    await expect(rows.nth(1)).toContainText(list.businesses[0]!.business_registry_number);

    const strip = page.getByRole('region', { name: 'Resumen del directorio' });
    const tile = (label: string) => strip.getByText(label, { exact: true }).locator('xpath=..');
    for (const [label, value] of [
      ['Total de Negocios', stats.total_businesses],
      ['Verificados', stats.verified_businesses],
      ['Parcialmente Verificados', stats.partially_verified_businesses],
      ['No Verificados', stats.unverified_businesses],
      ['Registrados en 30 Días', stats.recent_registrations],
    ] as const) {
      await expect(tile(label)).toContainText(es(value));
    }
    // The three states of SPEC §4 add up to the total, as the tiles read.
    const shown = async (label: string) =>
      Number((await tile(label).locator('dd').innerText()).replace(/[^\d]/g, ''));
    const states = [
      await shown('Verificados'),
      await shown('Parcialmente Verificados'),
      await shown('No Verificados'),
    ];
    expect(states.every((count) => count > 0)).toBe(true);
    expect(states[0]! + states[1]! + states[2]!).toBe(await shown('Total de Negocios'));

    const top = stats.categories.slice(0, 5);
    await expect(strip.getByRole('listitem')).toHaveCount(top.length);
    for (const entry of top) await expect(categoryButton(page, entry)).toBeVisible();
  });

  test('a category from the summary filters the list and shows in the filters', async ({ page }) => {
    const counted = page.waitForResponse((response) => STATS_PATH.test(new URL(response.url()).pathname));
    await signIn(page);
    const { stats } = (await (await counted).json()) as StatsAnswer;
    const top = stats.categories[0]!;

    const filtered = page.waitForResponse(
      (response) => isList(response) && new URL(response.url()).searchParams.get('category') === top.category,
    );
    await categoryButton(page, top).click();
    const list = (await (await filtered).json()) as ListAnswer;
    await expect(results(page)).toHaveText(`Resultados (${es(list.total_count)})`);
    await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue(top.category);
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a total past the server cap is shown as "more than", never as an exact number', async ({ page }) => {
    await signIn(page);
    await page.route(LIST_ROUTE, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ListAnswer;
      await route.fulfill({ response, json: { ...body, total_count: 1000, total_count_capped: true } });
    });
    await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill('de');
    await expect(results(page)).toHaveText(`Resultados (${es(1000)}+)`);
    await expect(pager(page)).toContainText(`Mostrando 1-10 de más de ${es(1000)}`);
    await expect(pager(page)).toContainText('Página 1 de más de 100');
  });

  test('the four states: loading, the empty prompt, no results, and an error with Reintentar', async ({
    page,
  }) => {
    const listed = page.waitForResponse(isList);
    await signIn(page);
    const { businesses } = (await (await listed).json()) as ListAnswer;
    const known = businesses[0]!.business_name;
    await expect(table(page)).toBeVisible();

    const release = await holdAnswers(page, LIST_ROUTE);
    await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill('cargando');
    const loading = page.getByRole('status').filter({ hasText: 'Buscando...' });
    await expect(loading).toBeVisible();
    release();
    await expect(loading).toBeHidden();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(`qqzx${Date.now().toString(36)}`);
    await expect(page.getByRole('heading', { name: 'No se encontraron negocios' })).toBeVisible();
    // A search alone narrows it: the words say so, and the way out shows every business again.
    await expect(
      page.getByText('Ningún negocio coincide con la búsqueda. Pruebe con otras palabras.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver todos los negocios' })).toBeVisible();
    await expect(results(page)).toHaveText('Resultados (0)');

    await page.route(LIST_ROUTE, (route) =>
      route.fulfill({ json: { success: true, businesses: [], total_count: 0, total_count_capped: false } }),
    );
    await page.goto('/admin-dashboard?tab=buscar');
    await expect(page.getByRole('heading', { name: 'Buscar Negocios' })).toBeVisible();
    await expect(results(page)).toHaveText('Directorio de Negocios');
    expect(await seriousViolations(page)).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.route(LIST_ROUTE, (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'Internal server error' } }),
    );
    await page.goto(`/admin-dashboard?tab=buscar&q=${encodeURIComponent(known)}`);
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el directorio' });
    await expect(alert.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    // A failed load has no count to show.
    await expect(results(page)).toHaveText('Directorio de Negocios');
    await expect(table(page)).toHaveCount(0);
    await expect(pager(page)).toHaveCount(0);
    // Nor anything to export until it loads.
    await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(table(page)).toContainText(known);
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeEnabled();
  });
});
