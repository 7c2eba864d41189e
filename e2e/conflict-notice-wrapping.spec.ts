// The conflict view's 'Lo que usted veía / Ahora' table at 390 px: values wrap between words, a word
// is cut only when it is wider than its column (a long email), and the table does not scroll sideways.
import { expect, type Locator, test } from '@playwright/test';
import { dialogViolations } from './support/axe-scan.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

const shots = process.env.E2E_SHOTS_DIR;
const LONG_EMAIL = 'facturacion.departamento.central.de.ventas@empresa-de-ejemplo.example.com';

/** The words of the table's value cells that are drawn on more than one line although they fit. */
function cutWords(table: Locator) {
  return table.evaluate((element) => {
    const cut: string[] = [];
    for (const cell of element.querySelectorAll('td')) {
      const style = getComputedStyle(cell);
      const room =
        cell.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          const width = rects.reduce((sum, rect) => sum + rect.width, 0);
          if (lines.size > 1 && width <= room) cut.push(match[0]);
        }
      }
    }
    return cut;
  });
}

/** Someone else changes the business while the dialog is open; then this person saves a new name. */
async function conflictOver(dialog: Locator, registry: string, change: Record<string, string>, name: string) {
  await withMasterApi(async (api, headers) => {
    const response = await api.patch(`/master/business-data/api/v1/business-data/registry/${registry}`, {
      headers,
      data: change,
    });
    expect(response.status(), await response.text()).toBe(200);
  });
  await dialog.getByRole('textbox', { name: /Nombre del negocio/ }).fill(name);
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  const notice = dialog.getByRole('alert').filter({ hasText: 'Este registro cambió mientras lo editaba' });
  await expect(notice).toBeVisible();
  return notice;
}

test('at 390px the conflict table wraps its values between words and stays inside the dialog', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const business = await registerBusiness();
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  await page.getByRole('button', { name: 'Acciones' }).click();
  await page.getByRole('menuitem', { name: 'Editar datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar datos' });
  await expect(dialog.getByRole('textbox', { name: /Nombre del negocio/ })).toHaveValue(business.name);

  // Two names side by side: each word on one line where it fits.
  const renamed = `${business.name} Otro`;
  let notice = await conflictOver(
    dialog,
    business.registry,
    { business_name: renamed },
    `${business.name} Mío`,
  );
  let table = notice.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: renamed })).toBeVisible();
  expect(await cutWords(table)).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/conflict-names-390.png` });
  await notice.getByRole('button', { name: 'Recargar' }).click();
  await expect(notice).toHaveCount(0);

  // A long email (in the description) breaks inside, and the table still fits the dialog.
  notice = await conflictOver(
    dialog,
    business.registry,
    { business_description: LONG_EMAIL },
    `${renamed} Mío`,
  );
  table = notice.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: LONG_EMAIL })).toBeVisible();
  expect(await cutWords(table)).toEqual([]);
  const sideways = await table.locator('..').evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  expect(await dialogViolations(page)).toEqual([]);
  if (shots) {
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/conflict-email-390.png` });
  }
});
