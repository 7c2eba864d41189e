// The directory's row actions: history, verification and delete modals, in
// Chromium against the real server. The email change, which needs the mailed code, is in
// business-modals-email.spec.ts.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dialogViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const LOGS = '/master/business-change-logs/api/v1/business-change-logs/registry';

/** Searches the directory for the business and returns its table row. */
async function findRow(page: Page, business: TestBusiness) {
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(business.name);
  // The search applies after its debounce; a row clicked before that would be replaced under the modal.
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: business.name });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  return row;
}

async function toggleVerification(
  api: APIRequestContext,
  headers: Record<string, string>,
  registry: string,
  times: number,
) {
  for (let i = 0; i < times; i++) {
    const flag = i % 2 === 0;
    const response = await api.patch(`/master/verification/registry/${registry}`, {
      headers,
      data: { verified_email: flag, verified_phone: flag },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test.describe('directory row actions', () => {
  test('history: tiles, labels, load more, filter, axe, focus back on the opener', async ({ page }) => {
    const business = await registerBusiness();
    // 11 saves of both flags: 22 UPDATE rows after the INSERT, more than one page of 20.
    const expected = await withMasterApi(async (api, headers) => {
      await toggleVerification(api, headers, business.registry, 11);
      const response = await api.get(`${LOGS}/${business.registry}`, { headers, params: { limit: 1 } });
      return (await response.json()) as {
        total_count: number;
        stats: { total_logs: number; update_operations: number; recent_changes: number };
      };
    });
    expect(expected.total_count).toBeGreaterThan(20);

    await signInAsMaster(page);
    const row = await findRow(page, business);
    const opener = row.getByRole('button', { name: `Ver historial de ${business.name}` });
    await expect(opener).toHaveAttribute('title', `Ver historial de ${business.name}`);
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Historial de Cambios' });
    await expect(dialog.getByText(business.registry)).toBeVisible();
    await expect(dialog.getByText(business.owner)).toBeVisible();
    const tile = (label: string) =>
      dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(tile('Total de registros')).toHaveText(String(expected.stats.total_logs));
    await expect(tile('Actualizaciones')).toHaveText(String(expected.stats.update_operations));
    await expect(tile('Últimas 24h')).toHaveText(String(expected.stats.recent_changes));

    const table = dialog.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(21); // header + 20
    await expect(dialog.getByText(`Mostrando 20 de ${expected.total_count} registros`)).toBeVisible();
    await expect(table.getByRole('cell', { name: 'Email verificado' }).first()).toBeVisible();
    await expect(table.getByText(/^hace \d+ minutos?$|^ahora$/).first()).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cargar más registros' }).click();
    await expect(
      dialog.getByText(`Mostrando ${expected.total_count} de ${expected.total_count} registros`),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cargar más registros' })).toHaveCount(0);
    await expect(table.getByRole('cell', { name: 'Creado' })).toHaveCount(1);

    await dialog.getByRole('button', { name: 'Exportar', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(business.registry);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(expected.total_count + 1);

    await dialog.getByLabel('Operación').selectOption({ label: 'Creado' });
    await expect(dialog.getByText('Mostrando 1 de 1 registro')).toBeVisible();
    await dialog.getByLabel('Operación').selectOption({ label: 'Eliminado' });
    await expect(dialog.getByText('Sin historial de cambios')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('verification: saving both flags updates the row in place', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    const row = await findRow(page, business);
    await expect(row.getByText('No Verificado')).toBeVisible();
    await row.getByRole('button', { name: `Gestionar verificación de ${business.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
    const email = dialog.getByRole('group', { name: 'Email' }).getByRole('switch');
    const phone = dialog.getByRole('group', { name: 'Teléfono' }).getByRole('switch');
    await expect(email).toHaveAccessibleName('No Verificado');
    await expect(email).not.toBeChecked();
    expect(await dialogViolations(page)).toEqual([]);
    await email.click();
    await expect(email).toBeChecked();
    await expect(email).toHaveAccessibleName('Verificado');
    await phone.click();
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
    await expect(dialog).toHaveCount(0, { timeout: 5_000 });
    await expect(row.getByText('Verificado', { exact: true })).toBeVisible();

    const saved = await withMasterApi(async (api, headers) => {
      const response = await api.get(`/master/verification/registry/${business.registry}`, { headers });
      return (await response.json()).verification_status as {
        verified_email: boolean;
        verified_phone: boolean;
      };
    });
    expect(saved).toMatchObject({ verified_email: true, verified_phone: true });
  });

  test('delete: the wrong registry number keeps it disabled, the right one deletes', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    const row = await findRow(page, business);
    await row.getByRole('button', { name: `Eliminar ${business.name}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Eliminar Negocio' });
    await expect(dialog.getByText('El negocio y todos sus datos saldrán del directorio')).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Entiendo, eliminar este negocio' });
    const input = dialog.getByLabel(/Escriba el número de registro/);
    await expect(confirm).toBeDisabled();
    await input.fill(business.registry.toLowerCase());
    await expect(confirm).toBeDisabled();
    await input.fill(`${business.registry}0`);
    await expect(confirm).toBeDisabled();
    expect(await dialogViolations(page)).toEqual([]);

    await input.fill(business.registry);
    await confirm.click();
    await expect(dialog.getByText('Eliminación Exitosa')).toBeVisible();
    await expect(dialog.getByText('Negocio eliminado exitosamente.')).toBeVisible();
    await expect(dialog).toHaveCount(0, { timeout: 6_000 });
    await expect(page.getByRole('row').filter({ hasText: business.name })).toHaveCount(0);

    const status = await withMasterApi(async (api, headers) => {
      const response = await api.get(
        `/master/business-data/api/v1/business-data/registry/${business.registry}`,
        {
          headers,
        },
      );
      return response.status();
    });
    expect(status).toBe(404);
  });

  for (const width of [1440, 390]) {
    test(`delete at ${width} px: the page is read again and fills up, none goes missing; 'Deshacer' brings it back`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      // 12 businesses under a word no other business has: more than the 10 of a page.
      const word = `zr${width}${Date.now().toString(36)}${process.pid}`;
      const made: TestBusiness[] = [];
      for (let index = 1; index <= 12; index += 1)
        made.push(await registerBusiness({ business_name: `Relleno ${word} ${index}` }));
      await signInAsMaster(page);
      await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(word);
      const results = (total: number) =>
        page.getByRole('heading', { level: 2, name: `Resultados (${total})` });
      await expect(results(12)).toBeVisible({ timeout: 20_000 });
      const items =
        width < 768
          ? page.getByRole('list', { name: 'Negocios' }).getByRole('listitem')
          : page.getByRole('table', { name: 'Negocios' }).locator('tbody tr');
      const pager = page.getByRole('navigation', { name: 'Paginación' });
      const shownNames = async () =>
        (await items.getByRole('link').filter({ hasText: word }).allTextContents()).map((name) =>
          name.trim(),
        );
      await expect(items).toHaveCount(10);

      /** Deletes the business shown at `index` from its 'Eliminar', then closes the modal. */
      const deleteShown = async (index: number) => {
        const name = (await shownNames())[index] ?? '';
        const business = made.find((one) => one.name === name) as TestBusiness;
        await items
          .nth(index)
          .getByRole('button', { name: `Eliminar ${name}` })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Eliminar Negocio' });
        await dialog.getByLabel(/Escriba el número de registro/).fill(business.registry);
        await dialog.getByRole('button', { name: 'Entiendo, eliminar este negocio' }).click();
        await expect(dialog.getByText('Eliminación Exitosa')).toBeVisible();
        await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
        await expect(dialog).toHaveCount(0);
        return business;
      };

      // 'Deshacer' in the toast: the row comes back, the page and the count as before.
      await deleteShown(2);
      await expect(results(11)).toBeVisible();
      await page.getByRole('button', { name: 'Deshacer' }).click();
      await expect(results(12)).toBeVisible();
      await expect(items).toHaveCount(10);
      await expect(pager).toContainText('Mostrando 1-10 de 12');

      const before = await shownNames();
      const next = before[3];
      const gone = await deleteShown(2);
      // The next page's first business moves up into the gap; the focus stays on the row after the
      // deleted one, which the page read again keeps.
      await expect(results(11)).toBeVisible();
      await expect(items).toHaveCount(10);
      await expect(pager).toContainText('Mostrando 1-10 de 11');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('tr, li')?.textContent ?? ''))
        .toContain(next);
      const first = await shownNames();
      expect(first).not.toContain(gone.name);
      expect(first).toEqual(expect.arrayContaining(before.filter((name) => name !== gone.name)));
      const shots = process.env.E2E_SHOTS_DIR;
      if (shots) {
        // A phone's ten cards are too long a page to read whole: its end, with the pager.
        if (width < 768) await pager.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${shots}/directory-after-delete-${width}.png`,
          fullPage: width >= 768,
        });
      }

      await pager.getByRole('button', { name: 'Siguiente' }).click();
      await expect(pager).toContainText('Mostrando 11 de 11');
      await expect(items).toHaveCount(1);
      const second = await shownNames();
      const remaining = made.filter((one) => one !== gone).map((one) => one.name);
      expect([...first, ...second].sort()).toEqual(remaining.sort());
    });
  }

  test('an admin has history, verification and email actions but no delete', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsAdmin(page);
    const row = await findRow(page, business);
    await expect(row.getByRole('button', { name: `Ver historial de ${business.name}` })).toBeVisible();
    await expect(
      row.getByRole('button', { name: `Gestionar verificación de ${business.name}` }),
    ).toBeVisible();
    await expect(row.getByRole('button', { name: `Actualizar email de ${business.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Eliminar ${business.name}` })).toHaveCount(0);
  });

  test('a failed save or delete on the business page says why, next to the buttons', async ({
    page,
    context,
  }) => {
    const connection = 'Error de conexión. Por favor intente nuevamente.';
    const business = await registerBusiness();
    await signInAsMaster(page);
    await page.goto(`/negocios/${business.registry}`);
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();

    await page.getByRole('button', { name: 'Editar datos' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar datos' });
    const phone = edit.getByRole('textbox', { name: /Teléfono/ });
    await expect(phone).toBeVisible();
    await context.setOffline(true);
    await phone.fill('9395550199');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    const failure = edit.getByRole('alert').filter({ hasText: connection });
    await expect(failure).toBeVisible();
    await expect(failure).toBeInViewport();
    // Under the form's last field, just above 'Guardar Cambios'.
    const description = await edit.getByRole('textbox', { name: /Descripción/ }).boundingBox();
    expect((await failure.boundingBox())?.y).toBeGreaterThan(description?.y ?? Number.POSITIVE_INFINITY);
    await context.setOffline(false);
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    await page.route('**/master/business-deletion/**', (route) => route.abort());
    await page.getByRole('button', { name: 'Eliminar' }).click();
    const removal = page.getByRole('dialog', { name: 'Eliminar Negocio' });
    await removal.getByRole('textbox').fill(business.registry);
    await removal.getByRole('button', { name: 'Entiendo, eliminar este negocio' }).click();
    await expect(removal.getByRole('alert').filter({ hasText: connection })).toBeVisible();
    await expect(removal.getByText('La solicitud no se pudo completar.')).toHaveCount(0);
    const status = await withMasterApi(async (api, headers) => {
      const response = await api.get(
        `/master/business-data/api/v1/business-data/registry/${business.registry}`,
        { headers },
      );
      return response.status();
    });
    expect(status).toBe(200);
  });
});
