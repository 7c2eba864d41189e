// Bulk actions on the directory. Rows and cards get a checkbox (shift+click for a range, `x` on the
// focused row), 'Seleccionar los N resultados' takes the whole search, and the bar's actions
// confirm with the count and show which rows failed and why. The master alone sees 'Eliminar'. Each
// test registers its own businesses under a word no other business has.
import { expect, type Page, test } from '@playwright/test';
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });
const bar = (page: Page) => page.getByRole('region', { name: 'Acciones sobre la selección' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /Buscar negocios/ });
const checkbox = (page: Page, business: TestBusiness) =>
  page.getByRole('checkbox', { name: `Seleccionar ${business.name}` });

/** `count` businesses named after a fresh word, oldest first. */
async function registerMany(label: string, count: number) {
  const word = `zb${label}${Date.now().toString(36)}${process.pid}`;
  const made: TestBusiness[] = [];
  for (let index = 1; index <= count; index += 1)
    made.push(
      await registerBusiness({ business_name: `Bulk ${word} ${index}`, business_category: 'Panaderías' }),
    );
  return { word, made };
}

async function searchFor(page: Page, word: string, total: number) {
  await searchBox(page).fill(word);
  await expect(page.getByRole('heading', { level: 2, name: `Resultados (${total})` })).toBeVisible({
    timeout: 20_000,
  });
}

/** The registered businesses the table shows now, in its order. */
async function shownOnPage(page: Page, made: TestBusiness[]) {
  const names = await table(page).locator('tbody tr').getByRole('link').allTextContents();
  return names.flatMap((name) => made.filter((business) => business.name === name.trim()));
}

async function businessOf(registry: string) {
  return withMasterApi(async (api, headers) => {
    const response = await api.get(`/master/business-data/api/v1/business-data/registry/${registry}`, {
      headers,
    });
    return { status: response.status(), body: response.status() === 200 ? await response.json() : null };
  });
}

/** The registry numbers in the trash whose name has `word`. */
async function inTrash(word: string) {
  return withMasterApi(async (api, headers) => {
    const response = await api.get(BUSINESS_TRASH_PATH, { headers, params: { search: word } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { businesses: { business_registry_number: string }[] };
    return body.businesses.map((business) => business.business_registry_number).sort();
  });
}

/** The bulk action's dialog (one at a time), once its title reads `title`: what it asks, then what it did. */
async function bulkDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(title);
  return dialog;
}

/**
 * Selects `businesses`, deletes them with 'Eliminar' after typing their count (the confirmation names
 * them); the result's dialog.
 */
async function deleteInBulk(page: Page, businesses: TestBusiness[], shot?: string) {
  for (const business of businesses) await checkbox(page, business).check();
  const remove = bar(page).getByRole('button', { name: 'Eliminar', exact: true });
  // On a phone the actions open from 'Acciones'.
  if (!(await remove.isVisible())) await bar(page).getByRole('button', { name: 'Acciones' }).click();
  await remove.click();
  const count = `${businesses.length} negocios`;
  const dialog = await bulkDialog(page, `Eliminar ${count}`);
  const names = dialog.getByRole('list', { name: 'Negocios que se eliminarán' }).getByRole('listitem');
  await expect(names).toHaveCount(businesses.length);
  for (const business of businesses) {
    await expect(names.filter({ hasText: business.registry })).toContainText(business.name);
  }
  const confirm = dialog.getByRole('button', { name: `Eliminar ${count}` });
  await expect(confirm).toBeDisabled();
  if (shot) await page.screenshot({ path: shot });
  await dialog.getByLabel(`Escriba ${businesses.length} para confirmar`).fill(String(businesses.length));
  await confirm.click();
  await expect(dialog).toHaveAccessibleName(`Eliminación de ${count}`);
  return dialog;
}

test.describe('directory bulk actions', () => {
  // Each test registers its businesses first, and axe scans the page and the dialog.
  test.describe.configure({ timeout: 90_000 });
  test('select rows, a shift range, x on the focused row, then the whole search; bulk verify with its result', async ({
    page,
  }) => {
    const { word, made } = await registerMany('v', 12);
    await signInAsMaster(page);
    await searchFor(page, word, 12);
    // The rows in the order the table shows them (a search is ranked by relevance).
    const names = await table(page).locator('tbody tr').getByRole('link').allTextContents();
    const shown = names
      .filter((name) => name.startsWith('Bulk '))
      .map((name) => made.find((business) => business.name === name.trim())!);
    expect(shown).toHaveLength(10);

    await checkbox(page, shown[0]!).check();
    await expect(bar(page)).toContainText('1 negocio seleccionado');
    await checkbox(page, shown[3]!).click({ modifiers: ['Shift'] });
    await expect(bar(page)).toContainText('4 negocios seleccionados');
    for (const business of shown.slice(0, 4)) await expect(checkbox(page, business)).toBeChecked();
    await expect(checkbox(page, shown[4]!)).not.toBeChecked();

    // j moves the focus to the rows; x selects the focused one.
    const fifth = table(page).getByRole('row').filter({ hasText: shown[4]!.registry });
    await fifth.focus();
    await page.keyboard.press('x');
    await expect(checkbox(page, shown[4]!)).toBeChecked();
    await expect(bar(page)).toContainText('5 negocios seleccionados');

    await bar(page).getByRole('button', { name: 'Seleccionar los 12 resultados' }).click();
    await expect(bar(page)).toContainText('12 negocios seleccionados');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    await bar(page).getByRole('button', { name: 'Verificar email' }).click();
    const dialog = await bulkDialog(page, 'Verificar el email de 12 negocios');
    await expect(dialog).toContainText('Se marcará el email como verificado en 12 negocios.');
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Aplicar a 12 negocios' }).click();
    await expect(dialog.getByText('Email verificado en 12 negocios')).toBeVisible();
    await expect(dialog).toHaveAccessibleName('Verificación del email de 12 negocios');
    await expect(dialog).toContainText('Los negocios seleccionados tienen ahora el email verificado.');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(bar(page)).toHaveCount(0);

    for (const business of [made[0]!, made[11]!]) {
      const { body } = await businessOf(business.registry);
      expect(body.business.verified_email).toBe(true);
      expect(body.business.verified_phone).toBe(false);
    }
  });

  test('a row that fails is listed with its reason; the others are applied', async ({ page }) => {
    const { word, made } = await registerMany('c', 3);
    await signInAsAdmin(page);
    await searchFor(page, word, 3);
    for (const business of made) await checkbox(page, business).check();
    // One of them is deleted behind the screen's back.
    const gone = made[1]!;
    await withMasterApi(async (api, headers) => {
      const response = await api.delete(`/master/business-deletion/${gone.registry}`, { headers });
      expect(response.status()).toBe(200);
    });

    await bar(page).getByRole('button', { name: 'Cambiar categoría' }).click();
    const dialog = await bulkDialog(page, 'Cambiar la categoría de 3 negocios');
    await dialog.getByRole('button', { name: 'Aplicar a 3 negocios' }).click();
    await expect(dialog.getByText('Debe seleccionar una categoría')).toBeVisible();
    // The list shows whole in the dialog (its scrolling body cut a floating one off): a pointer lands
    // on its last option where it shows, and the names 'Rest' starts come first.
    await dialog.getByRole('combobox', { name: /Nueva categoría/ }).fill('Rest');
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText('Restaurantes');
    const hit = await options.last().evaluate((option) => {
      const box = option.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === option;
    });
    expect(hit).toBe(true);
    await dialog.getByRole('combobox', { name: /Nueva categoría/ }).fill('Ferreter');
    await page.getByRole('option', { name: 'Ferreterías' }).click();
    await expect(dialog).toContainText('Se cambiará la categoría de 3 negocios a «Ferreterías».');
    await dialog.getByRole('button', { name: 'Aplicar a 3 negocios' }).click();

    await expect(dialog.getByText('Categoría cambiada en 2 de 3 negocios')).toBeVisible();
    const failures = dialog.getByRole('region', { name: 'Negocios que fallaron' });
    await expect(failures.getByRole('listitem')).toHaveCount(1);
    await expect(failures.getByRole('listitem')).toContainText(gone.name);
    await expect(failures.getByRole('listitem')).toContainText(
      'Este negocio ya no existe (se eliminó o está en la Papelera); se quitó de la selección.',
    );
    await expect(dialog.getByText('Falló 1 negocio: ya no existe.')).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    // A business that no longer exists cannot be tried again: it leaves the selection too.
    await expect(bar(page)).toHaveCount(0);

    for (const business of [made[0]!, made[2]!]) {
      const { body } = await businessOf(business.registry);
      expect(body.business.business_category).toBe('Ferreterías');
    }
  });

  test("the master deletes several businesses after typing their count; 'Deshacer' brings them back", async ({
    page,
  }) => {
    const { word, made } = await registerMany('d', 3);
    await signInAsMaster(page);
    await searchFor(page, word, 3);
    const dialog = await deleteInBulk(page, made.slice(0, 2));
    await expect(dialog.getByText('Se enviaron 2 negocios a la Papelera')).toBeVisible();
    await expect(dialog).toContainText(
      'Los negocios eliminados pueden restaurarse desde la Papelera, o ahora mismo con «Deshacer».',
    );
    expect(await dialogViolations(page)).toEqual([]);
    expect((await businessOf(made[0]!.registry)).status).toBe(404);
    expect((await businessOf(made[1]!.registry)).status).toBe(404);
    expect((await businessOf(made[2]!.registry)).status).toBe(200);
    expect(await inTrash(word)).toEqual([made[0]!.registry, made[1]!.registry].sort());

    await dialog.getByRole('button', { name: 'Deshacer' }).click();
    await expect(dialog.getByText('Se restauraron 2 negocios')).toBeVisible();
    await expect(dialog).toContainText('Vuelven a estar en el directorio con todos sus datos.');
    await expect(dialog.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cerrar', exact: true }).last()).toBeFocused();
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    // The list was read again: the three are there.
    await expect(page.getByRole('heading', { level: 2, name: 'Resultados (3)' })).toBeVisible();
    for (const business of made)
      await expect(table(page).getByRole('link', { name: business.name, exact: true })).toBeVisible();
    for (const business of made) expect((await businessOf(business.registry)).status).toBe(200);
    expect(await inTrash(word)).toEqual([]);
  });

  test("'Deshacer' says which business could not come back: another one took its email meanwhile", async ({
    page,
  }) => {
    const { word, made } = await registerMany('u', 2);
    await signInAsMaster(page);
    await searchFor(page, word, 2);
    const dialog = await deleteInBulk(page, made);
    await expect(dialog.getByText('Se enviaron 2 negocios a la Papelera')).toBeVisible();
    const newcomer = await registerBusiness({
      business_name: `Recién llegado ${word}`,
      business_email: made[1]!.email,
    });

    await dialog.getByRole('button', { name: 'Deshacer' }).click();
    await expect(dialog.getByText('Se restauró 1 de 2 negocios')).toBeVisible();
    const failure = dialog
      .getByRole('region', { name: 'Negocios que no se restauraron' })
      .getByRole('listitem');
    await expect(failure).toHaveCount(1);
    await expect(failure).toContainText(made[1]!.name);
    await expect(failure).toContainText(
      `No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «${newcomer.name}» (${newcomer.registry}).`,
    );
    expect(await dialogViolations(page)).toEqual([]);
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/bulk-undo-partial.png` });
    expect((await businessOf(made[0]!.registry)).status).toBe(200);
    expect((await businessOf(made[1]!.registry)).status).toBe(404);
    expect(await inTrash(word)).toEqual([made[1]!.registry]);
  });

  test('a business changed after it was seen is not deleted: its line says by whom; the next try deletes it', async ({
    page,
  }) => {
    const { word, made } = await registerMany('k', 12);
    await signInAsMaster(page);
    await searchFor(page, word, 12);
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager).toContainText('Página 2 de 2');
    // The person's own change first, on the whole search: page 1 is not read again after it (it is
    // not shown), and the delete right after must not take that change for someone else's.
    const selectAll = bar(page).getByRole('button', { name: 'Seleccionar los 12 resultados' });
    await checkbox(page, (await shownOnPage(page, made))[0]!).check();
    await selectAll.click();
    await expect(bar(page)).toContainText('12 negocios seleccionados');
    await bar(page).getByRole('button', { name: 'Verificar teléfono' }).click();
    const verify = await bulkDialog(page, 'Verificar el teléfono de 12 negocios');
    await verify.getByRole('button', { name: 'Aplicar a 12 negocios' }).click();
    await expect(verify.getByText('Teléfono verificado en 12 negocios')).toBeVisible();
    await verify.getByRole('button', { name: 'Cerrar' }).last().click();

    // Someone else changes one of them behind the screen's back.
    const changed = made[0]!;
    await withMasterApi(async (api, headers) => {
      const response = await api.patch(
        `/master/business-data/api/v1/business-data/registry/${changed.registry}`,
        {
          headers,
          data: { business_description: 'Cambiado por otra persona' },
        },
      );
      expect(response.status()).toBe(200);
    });

    await checkbox(page, (await shownOnPage(page, made))[0]!).check();
    await selectAll.click();
    await expect(bar(page)).toContainText('12 negocios seleccionados');
    await bar(page).getByRole('button', { name: 'Eliminar', exact: true }).click();
    const dialog = await bulkDialog(page, 'Eliminar 12 negocios');
    // A selection past five names five and says how many more.
    await expect(
      dialog.getByRole('list', { name: 'Negocios que se eliminarán' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(dialog.getByText('y 7 más', { exact: true })).toBeVisible();
    await dialog.getByLabel('Escriba 12 para confirmar').fill('12');
    await dialog.getByRole('button', { name: 'Eliminar 12 negocios' }).click();
    await expect(dialog.getByText('Se enviaron 11 de 12 negocios a la Papelera')).toBeVisible();
    const failure = dialog.getByRole('region', { name: 'Negocios que fallaron' }).getByRole('listitem');
    await expect(failure).toHaveCount(1);
    await expect(failure).toContainText(changed.name);
    await expect(failure).toContainText('No se aplicó: el negocio cambió después de que lo viera (lo cambió');
    await expect(failure).toContainText('Revíselo y vuelva a intentarlo.');
    expect(await dialogViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    expect((await businessOf(changed.registry)).status).toBe(200);
    expect((await businessOf(made[1]!.registry)).status).toBe(404);

    // It stays selected; once the list shows it as it is now, the next try deletes it.
    await expect(bar(page)).toContainText('1 negocio seleccionado');
    await expect(page.getByRole('heading', { level: 2, name: 'Resultados (1)' })).toBeVisible();
    await bar(page).getByRole('button', { name: 'Eliminar', exact: true }).click();
    const again = await bulkDialog(page, 'Eliminar 1 negocio');
    await expect(again.getByRole('list', { name: 'Negocios que se eliminarán' })).toContainText(changed.name);
    await again.getByLabel('Escriba 1 para confirmar').fill('1');
    await again.getByRole('button', { name: 'Eliminar 1 negocio' }).click();
    await expect(again.getByText('Se envió 1 negocio a la Papelera')).toBeVisible();
    expect((await businessOf(changed.registry)).status).toBe(404);
  });

  test('an admin has the bulk bar without Eliminar', async ({ page }) => {
    const { word, made } = await registerMany('a', 2);
    await signInAsAdmin(page);
    await searchFor(page, word, 2);
    await checkbox(page, made[0]!).check();
    await expect(bar(page).getByRole('button', { name: 'Verificar teléfono' })).toBeVisible();
    await expect(bar(page).getByRole('button', { name: 'Exportar selección' })).toBeVisible();
    await expect(bar(page).getByRole('button', { name: 'Eliminar', exact: true })).toHaveCount(0);
  });

  test('exports the selection as the directory CSV', async ({ page }) => {
    const { word, made } = await registerMany('e', 3);
    await signInAsAdmin(page);
    await searchFor(page, word, 3);
    await checkbox(page, made[0]!).check();
    await checkbox(page, made[2]!).check();
    const download = page.waitForEvent('download');
    await bar(page).getByRole('button', { name: 'Exportar selección' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^directorio-seleccion_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await (await file.createReadStream()).toArray()).join('');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Número de registro');
    expect(text).toContain(made[0]!.registry);
    expect(text).toContain(made[2]!.registry);
    expect(text).not.toContain(made[1]!.registry);
  });

  for (const width of [1440, 390]) {
    test(`the export's toast sits above the selection bar at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const { word, made } = await registerMany(`t${width}`, 3);
      await signInAsAdmin(page);
      await searchFor(page, word, 3);
      // Two of three: the bar also offers 'Seleccionar los 3 resultados' (two lines at 1440).
      await checkbox(page, made[0]!).check();
      await checkbox(page, made[1]!).check();
      // On a phone from the opened 'Acciones', the bar at its tallest.
      if (width < 768) await bar(page).getByRole('button', { name: 'Acciones' }).click();
      await bar(page).getByRole('button', { name: 'Exportar selección' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Exportación lista' });
      await expect(toast).toBeVisible();
      // Once its entrance is over, the toast ends above the bar's top.
      await expect
        .poll(async () => {
          const [toastBox, barBox] = [await toast.boundingBox(), await bar(page).boundingBox()];
          return toastBox && barBox ? barBox.y - (toastBox.y + toastBox.height) : null;
        })
        .toBeGreaterThanOrEqual(0);
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/bulk-export-toast-${width}.png` });
    });

    test(`the bar and the result at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const { word, made } = await registerMany(`s${width}`, 3);
      await signInAsMaster(page);
      await searchFor(page, word, 3);
      for (const business of made) await checkbox(page, business).check();
      await expect(bar(page)).toContainText('3 negocios seleccionados');
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/bulk-bar-${width}.png` });
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      await withMasterApi(async (api, headers) => {
        await api.delete(`/master/business-deletion/${made[0]!.registry}`, { headers });
      });
      // On a phone the actions open from 'Acciones'.
      if (width < 768) {
        await bar(page).getByRole('button', { name: 'Acciones' }).click();
        if (shots) await page.screenshot({ path: `${shots}/bulk-bar-open-${width}.png` });
      }
      await bar(page).getByRole('button', { name: 'Verificar teléfono' }).click();
      const dialog = await bulkDialog(page, 'Verificar el teléfono de 3 negocios');
      await dialog.getByRole('button', { name: 'Aplicar a 3 negocios' }).click();
      await expect(dialog.getByText('Teléfono verificado en 2 de 3 negocios')).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/bulk-result-${width}.png` });
    });

    test(`the verify confirmation, a bulk deletion's result and its undo at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const { word, made } = await registerMany(`r${width}`, 3);
      await signInAsMaster(page);
      await searchFor(page, word, 3);
      const shots = process.env.E2E_SHOTS_DIR;

      await checkbox(page, made[0]!).check();
      await checkbox(page, made[1]!).check();
      if (width < 768) await bar(page).getByRole('button', { name: 'Acciones' }).click();
      await bar(page).getByRole('button', { name: 'Verificar email' }).click();
      const verify = await bulkDialog(page, 'Verificar el email de 2 negocios');
      const sentence = verify.getByText('Se marcará el email como verificado en 2 negocios.');
      const apply = verify.getByRole('button', { name: 'Aplicar a 2 negocios' });
      await expect(apply).toBeVisible();
      // Nothing between the sentence and the buttons: the header's padding and the footer's only.
      const below = (await sentence.boundingBox())!;
      const button = (await apply.boundingBox())!;
      expect(button.y - (below.y + below.height)).toBeLessThan(40);
      if (shots) await page.screenshot({ path: `${shots}/bulk-verify-confirm-${width}.png` });
      await verify.getByRole('button', { name: 'Cancelar' }).click();
      await expect(verify).toHaveCount(0);

      const dialog = await deleteInBulk(
        page,
        made.slice(0, 2),
        shots ? `${shots}/bulk-delete-confirm-${width}.png` : undefined,
      );
      await expect(dialog.getByText('Se enviaron 2 negocios a la Papelera')).toBeVisible();
      if (shots) await page.screenshot({ path: `${shots}/bulk-delete-result-${width}.png` });
      await dialog.getByRole('button', { name: 'Deshacer' }).click();
      await expect(dialog.getByText('Se restauraron 2 negocios')).toBeVisible();
      await expect(dialog).toHaveAccessibleName('Restauración de 2 negocios');
      expect(await dialogViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/bulk-undo-result-${width}.png` });
    });
  }
});
