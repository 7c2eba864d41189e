// 'Exportar': CSV or Excel from one menu; the master's 'Exportar todo' past 10,000
// matches; a long export shows its rows of the total and 'Cancelar' stops it. The long export is
// the server's real first rows, then a row a second from the test's own stand-in (page.route) so its
// progress can be read; the directory's total past 10,000 is the list's answer with its count raised.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { EXPORT_TOTAL_HEADER } from '@portal/contract/export-files';
import ExcelJS from 'exceljs';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const EXPORT = '**/business-data/api/v1/business-data/export*';
const LIST = /\/business-data\/api\/v1\/business-data\?/;

test('Excel export of the directory: a real sheet with the search, from the same menu as the CSV', async ({
  page,
}) => {
  const business = await registerBusiness({ business_name: 'Exportable Café Peñuelas' });
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=buscar&q=${business.registry}`);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  // Not past 10,000 matches: no 'Exportar todo'.
  await expect(page.getByRole('button', { name: 'Exportar todo en CSV' })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel (XLSX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^directorio-negocios_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) as string);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(3).value).toBe('Nombre');
  expect(sheet.getRow(2).getCell(2).value).toBe(business.registry);
  expect(sheet.getRow(2).getCell(3).value).toBe('Exportable Café Peñuelas');
  await expect(page.getByText(`Exportación lista: ${download.suggestedFilename()}`)).toBeVisible();
});

test('an admin past 10,000 matches gets no Exportar todo', async ({ page }) => {
  await page.route(LIST, async (route) => {
    // The page may drop a list request it no longer needs (a newer one replaced it) while the
    // answer is on its way: that request has nothing left to answer.
    const answer = await route
      .fetch()
      .then((response) => response.json())
      .catch(() => null);
    if (answer === null) return route.abort().catch(() => {});
    await route
      .fulfill({ json: { ...answer, total_count: 1_000_000, total_count_capped: false } })
      .catch(() => {});
  });
  await signInAsAdmin(page);
  await page.goto('/admin-dashboard?tab=buscar');
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'CSV', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar todo en CSV' })).toHaveCount(0);
});

/** A CSV that never ends: `head`, then a row a second while the reader stays. */
async function startTrickle() {
  const state = {
    head: '',
    open: 0,
    url: '',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    state.open += 1;
    response.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      [EXPORT_TOTAL_HEADER]: '1000000',
    });
    response.write(state.head);
    let row = 0;
    const timer = setInterval(() => {
      row += 1;
      response.write(`REG9${String(row).padStart(6, '0')},Negocio de prueba ${row}\r\n`);
    }, 1_000);
    request.once('close', () => {
      clearInterval(timer);
      state.open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.csv`;
  return state;
}

for (const width of [1440, 390]) {
  test(`the master's Exportar todo shows its progress and Cancelar stops it (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000); // two axe scans and a held download, on a busy machine
    const shots = process.env.E2E_SHOTS_DIR;
    await page.setViewportSize({ width, height: 900 });
    await page.route(LIST, async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({ json: { ...answer, total_count: 1_000_000, total_count_capped: false } });
    });
    // The export is the server's real first rows, then one more row a second from a stand-in, for as
    // long as the portal keeps reading: its progress stays on screen however slow the machine is.
    let asked = '';
    const trickle = await startTrickle();
    await page.route(EXPORT, async (route) => {
      asked = route.request().url();
      const real = await route.fetch();
      trickle.head = `${(await real.text()).split('\r\n').slice(0, 4).join('\r\n')}\r\n`;
      await route.continue({ url: trickle.url });
    });
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=buscar');
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    await expect(page.getByText('Exportar todo (1,000,000 negocios)')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/export-menu-${width}.png` });
    const menuFindings = await seriousViolations(page, { withoutToasts: true });

    await page.getByRole('button', { name: 'Exportar todo en CSV' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Exportando CSV…' });
    await expect(status).toBeVisible();
    await expect.poll(() => asked).not.toBe('');
    expect(new URL(asked).searchParams.get('all')).toBe('true');
    expect(new URL(asked).searchParams.get('format')).toBe('csv');
    await expect(page.getByRole('progressbar', { name: 'Progreso de la exportación' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/export-progress-${width}.png` });
    // The widget only.
    const progressFindings = await seriousViolations(page, { include: '[data-export-progress]' });

    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Exportación cancelada')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeVisible();
    await expect.poll(() => trickle.open).toBe(0);
    await trickle.close();
    expect([...menuFindings, ...progressFindings]).toEqual([]);
  });
}
