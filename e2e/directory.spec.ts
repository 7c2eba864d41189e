// The directory tab 'Buscar Negocios' on the empty server, with businesses this file registers itself:
// accent-insensitive search, debounce, each filter, pagination, the view in the URL, cards at 390 px,
// the CSV export and axe.
import { readFileSync } from 'node:fs';
import { expect, type Page, type Request, test } from '@playwright/test';
import { BUSINESS_CSV_HEADERS } from '@portal/contract/business-data';
import { csvRow } from '@portal/contract/csv';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const LIST_PATH = /\/(admin|master)\/business-data\/api\/v1\/business-data$/;
const isListCall = (request: Request) => LIST_PATH.test(new URL(request.url()).pathname);

// One word no other business has, so every count below is the test's own.
const token = `zqd${Date.now().toString(36)}${process.pid}`;
let panaderia: TestBusiness;
let cafeteria: TestBusiness;
const tiendas: TestBusiness[] = [];

async function setVerification(
  registry: string,
  flags: { verified_email: boolean; verified_phone: boolean },
) {
  await withMasterApi(async (api, headers) => {
    const response = await api.patch(`/master/verification/registry/${registry}`, { headers, data: flags });
    expect(response.status(), await response.text()).toBe(200);
  });
}

test.beforeAll(async () => {
  panaderia = await registerBusiness({
    business_name: `Panadería ${token}`,
    business_category: 'Panaderías',
  });
  cafeteria = await registerBusiness({
    business_name: `Cafetería ${token}`,
    business_category: 'Cafeterías',
  });
  for (let index = 1; index <= 10; index += 1) {
    tiendas.push(
      await registerBusiness({ business_name: `Tienda ${token} ${index}`, business_category: 'Panaderías' }),
    );
  }
  await setVerification(panaderia.registry, { verified_email: true, verified_phone: true });
  await setVerification(cafeteria.registry, { verified_email: true, verified_phone: false });
});

const ALL = 12;
const results = (page: Page) => page.getByRole('heading', { level: 2, name: /^(Resultados|Directorio)/ });
const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Paginación' });

/** A calendar day `offset` days from today in the browser's zone, as a date input takes it. */
/** A day in the browser's time zone (Puerto Rico), not the test runner's: CI's clock is UTC. */
function localDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Puerto_Rico' }).format(day);
}

test.describe('directory: search, filters, pages and export', () => {
  test('finds Panadería by typing panaderia, with one request for fast typing', async ({ page }) => {
    // The page's clock is ours: the typing takes no page time, however slow the machine is, and
    // only the 500 ms after the last key let the debounced search go.
    await page.clock.install();
    await signInAsMaster(page);
    await expect(results(page)).toHaveText('Directorio de Negocios');
    await page.clock.pauseAt(Date.now() + 2_000);
    const searches: string[] = [];
    page.on('request', (request) => {
      const search = new URL(request.url()).searchParams.get('search');
      if (isListCall(request) && search) searches.push(search);
    });

    const typed = `panaderia ${token}`;
    await page.getByRole('searchbox', { name: /Buscar negocios/ }).pressSequentially(typed, { delay: 40 });
    await page.clock.runFor(499);
    expect(searches).toEqual([]);
    await page.clock.runFor(2);
    await page.clock.resume();
    await expect(results(page)).toHaveText('Resultados (1)');
    await expect(table(page).getByRole('row', { name: new RegExp(panaderia.registry) })).toContainText(
      panaderia.name,
    );
    await expect(page).toHaveURL(/[?&]q=panaderia/);
    await page.waitForTimeout(800);
    expect(searches).toEqual([typed]);
  });

  test('Categoría, Email Verificado and Teléfono Verificado narrow the search; Limpiar lifts them', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(results(page)).toHaveText(`Resultados (${ALL})`);
    await page.getByRole('button', { name: 'Filtros' }).click();

    const category = page.getByRole('combobox', { name: 'Categoría' });
    await category.fill('cafeter');
    await page.getByRole('option', { name: 'Cafeterías' }).click();
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText('Resultados (1)');
    await expect(table(page)).toContainText(cafeteria.name);
    await expect(page).toHaveURL(/categoria=Cafeter/);

    await page.getByRole('button', { name: 'Limpiar', exact: true }).click();
    await expect(results(page)).toHaveText(`Resultados (${ALL})`);
    await expect(category).toHaveValue('');

    await page.getByLabel('Email Verificado').selectOption({ label: 'Verificado' });
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText('Resultados (2)');

    await page.getByLabel('Teléfono Verificado').selectOption({ label: 'No Verificado' });
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText('Resultados (1)');
    await expect(table(page)).toContainText(cafeteria.name);

    await page.getByLabel('Email Verificado').selectOption({ label: 'No Verificado' });
    await page.getByLabel('Teléfono Verificado').selectOption({ label: 'Todos' });
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText(`Resultados (${tiendas.length})`);
  });

  test('Fecha Desde and Fecha Hasta take whole local days, in order', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(results(page)).toHaveText(`Resultados (${ALL})`);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Fecha Desde').fill(localDay(-1));
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText(`Resultados (${ALL})`);

    await page.getByLabel('Fecha Desde').fill('');
    await page.getByLabel('Fecha Hasta').fill(localDay(-1));
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(page.getByRole('heading', { name: 'No se encontraron negocios' })).toBeVisible();
    await expect(results(page)).toHaveText('Resultados (0)');

    await page.getByLabel('Fecha Desde').fill(localDay(0));
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'La fecha desde debe ser anterior a la fecha hasta.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Fecha Hasta')).toBeFocused();

    // A year typed short is caught on the form; the list keeps what it showed.
    await page.getByLabel('Fecha Desde').fill('0202-05-01');
    await page.getByLabel('Fecha Hasta').fill('');
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ingrese fechas con un año entre 1000 y 9999.' }),
    ).toBeVisible();
    await expect(page).not.toHaveURL(/desde=0202/);
    await expect(results(page)).toHaveText('Resultados (0)');
  });

  test('pages of 10, and the view lives in the URL: reload, Back and a shared link restore it', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(pager(page)).toContainText(`Mostrando 1-10 de ${ALL}`);
    await expect(pager(page)).toContainText('Página 1 de 2');
    await expect(table(page).getByRole('row')).toHaveCount(11);

    // By keyboard: 'Siguiente' turns off on the last page, and the focus goes to 'Anterior', not the page.
    await pager(page).getByRole('button', { name: 'Siguiente' }).focus();
    await page.keyboard.press('Enter');
    await expect(pager(page)).toContainText(`Mostrando 11-${ALL} de ${ALL}`);
    await expect(pager(page)).toContainText('Página 2 de 2');
    await expect(table(page).getByRole('row')).toHaveCount(ALL - 10 + 1);
    await expect(page).toHaveURL(/pagina=2/);
    await expect(pager(page).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await expect(pager(page).getByRole('button', { name: 'Anterior' })).toBeFocused();

    await page.reload();
    await expect(pager(page)).toContainText('Página 2 de 2');
    await expect(page.getByRole('searchbox', { name: /Buscar negocios/ })).toHaveValue(token);

    await page.goBack();
    await expect(pager(page)).toContainText('Página 1 de 2');
    await page.goForward();
    await expect(pager(page)).toContainText('Página 2 de 2');

    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Email Verificado').selectOption({ label: 'Verificado' });
    await page.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(results(page)).toHaveText('Resultados (2)');
    await expect(page).toHaveURL(/email=verificado/);
    await expect(page).not.toHaveURL(/pagina=/);
    const shared = page.url();
    expect(new URL(shared).searchParams.get('tab')).toBe('buscar');

    await page.goBack();
    await expect(results(page)).toHaveText(`Resultados (${ALL})`);
    await expect(page.getByLabel('Email Verificado')).toHaveValue('');

    // Someone opening the shared link sees the same view, filters shown.
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(results(other)).toHaveText('Resultados (2)');
    await expect(other.getByLabel('Email Verificado')).toHaveValue('verificado');
    await expect(other.getByRole('searchbox', { name: /Buscar negocios/ })).toHaveValue(token);
  });

  test('Exportar saves the CSV of the current search and filters, named with the date', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}&email=verificado`);
    await expect(results(page)).toHaveText('Resultados (2)');

    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`directorio-negocios_${localDay(0)}.csv`);
    const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(`${lines[0]}\r\n`).toBe(csvRow(BUSINESS_CSV_HEADERS));
    expect(lines).toHaveLength(3);
    const panaderiaLine = lines.find((line) => line.includes(`"${panaderia.registry}"`));
    expect(panaderiaLine).toContain(`"${panaderia.name}"`);
    expect(panaderiaLine).toContain(`"${panaderia.email}"`);
    expect(lines.some((line) => line.includes(`"${cafeteria.registry}"`))).toBe(true);
    await expect(page.getByText(`Exportación lista: ${download.suggestedFilename()}`)).toBeVisible();
  });

  test('a deletion removes the row and counts one less at once, then reads the page again', async ({
    page,
  }) => {
    const pair = `zqx${Date.now().toString(36)}${process.pid}`;
    const kept = await registerBusiness({ business_name: `Librería ${pair} uno` });
    const gone = await registerBusiness({ business_name: `Librería ${pair} dos` });
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${pair}`);
    await expect(results(page)).toHaveText('Resultados (2)');
    await expect(pager(page)).toContainText('Mostrando 1-2 de 2');
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (isListCall(request)) listCalls.push(request.url());
    });
    // The page read again (to refill it from the next one) answers only when let through: the row
    // and the count change before it.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route(
      (url) => LIST_PATH.test(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );

    await table(page)
      .getByRole('button', { name: `Eliminar ${gone.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(gone.registry);
    await dialog.getByRole('button', { name: 'Entiendo, eliminar este negocio' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 8_000 });

    await expect(results(page)).toHaveText('Resultados (1)');
    await expect(pager(page)).toContainText('Mostrando 1 de 1');
    await expect(table(page)).toContainText(kept.name);
    await expect(table(page)).not.toContainText(gone.name);
    expect(listCalls).toHaveLength(1);
    const refilled = page.waitForResponse((response) => isListCall(response.request()));
    letThrough();
    expect((await refilled).status()).toBe(200);
    await expect(results(page)).toHaveText('Resultados (1)');
    await expect(table(page)).toContainText(kept.name);
  });

  test('axe: results with the filters open, at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(table(page)).toBeVisible();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('button', { name: 'Aplicar Filtros' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('directory at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an admin sees cards instead of the table, nothing scrolls sideways, and axe passes', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    const cards = page.getByRole('list', { name: 'Negocios' });
    await expect(cards.getByRole('listitem')).toHaveCount(10);
    await expect(table(page)).toBeHidden();
    await expect(pager(page)).toContainText(`Mostrando 1-10 de ${ALL}`);

    await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(`panaderia ${token}`);
    const card = cards.getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(panaderia.name);
    await expect(card).toContainText(panaderia.registry);
    await expect(card).toContainText('Verificado');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Filtros' }).click();
    await expect(page.getByRole('button', { name: 'Aplicar Filtros' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
