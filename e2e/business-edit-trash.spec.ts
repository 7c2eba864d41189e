// 'Editar datos' on the business page, 'Deshacer' after a deletion, a deletion refused for a change
// made meanwhile (If-Match), and the master's 'Papelera' (restore, purge for good), in Chromium
// against the real server.
import { expect, type Page, test } from '@playwright/test';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { openHeaderAction } from './support/business-page-actions.ts';
import {
  deleteByApi,
  registerBusiness,
  type TestBusiness,
  uniquePhone,
  withMasterApi,
} from './support/businesses.ts';
import { placeholderFits } from './support/placeholder-fits.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const TRASH = '/master/business-trash/api/v1/business-trash';
const shots = process.env.E2E_SHOTS_DIR;

async function inTrash(registry: string): Promise<boolean> {
  return withMasterApi(async (api, headers) => {
    const response = await api.get(TRASH, { headers, params: { search: registry } });
    const body = (await response.json()) as { businesses: { business_registry_number: string }[] };
    return body.businesses.some((row) => row.business_registry_number === registry);
  });
}

async function openPage(page: Page, business: TestBusiness) {
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
}

test.describe('edit a business', () => {
  for (const width of [1440, 390]) {
    test(`from the business page, with the register form's rules, at ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const business = await registerBusiness();
      await signInAsAdmin(page);
      await openPage(page, business);

      await openHeaderAction(page, width, 'Editar datos');
      const dialog = page.getByRole('dialog', { name: 'Editar datos' });
      const name = dialog.getByRole('textbox', { name: /Nombre del negocio/ });
      await expect(name).toHaveValue(business.name);
      await name.fill('');
      await dialog.getByRole('textbox', { name: /Año de fundación/ }).fill('1800');
      await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(
        dialog.getByRole('alert').filter({ hasText: 'El nombre del negocio es requerido' }),
      ).toBeVisible();
      await expect(
        dialog.getByRole('alert').filter({ hasText: /El año debe estar entre 1900 y \d{4}/ }),
      ).toBeVisible();
      await expect(name).toBeFocused();
      expect(await dialogViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/edit-business-invalid-${width}.png` });

      const newName = `${business.name} Editado`;
      const phone = uniquePhone();
      await name.fill(newName);
      await dialog.getByRole('textbox', { name: /Año de fundación/ }).fill('2001');
      await dialog.getByRole('textbox', { name: /Teléfono/ }).fill(phone);
      await expect(dialog.getByRole('textbox', { name: /Teléfono/ })).toHaveValue(
        `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      );
      await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Datos del negocio actualizados')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();

      // The history has one row per changed field, and nothing for the fields left as they were.
      const changed = await withMasterApi(async (api, headers) => {
        const response = await api.get(
          `/master/business-change-logs/api/v1/business-change-logs/registry/${business.registry}`,
          { headers, params: { operation_type: 'UPDATE' } },
        );
        const body = (await response.json()) as { change_logs: { changed_column: string }[] };
        return body.change_logs.map((log) => log.changed_column).sort();
      });
      expect(changed).toEqual(['business_name', 'business_phone', 'business_year']);
      if (width === 1440) {
        await page
          .getByRole('link', { name: /Historial/ })
          .first()
          .click();
        await expect(page.getByRole('cell', { name: 'Nombre', exact: true }).first()).toBeVisible();
        await expect(page.getByRole('cell', { name: 'Teléfono', exact: true }).first()).toBeVisible();
      }
    });
  }
});

// The menu item that opened the dialog is gone when it closes: the focus goes back to 'Acciones'
// every time, also when the dialog's code is already loaded and it opens before the menu closes.
test("at 390 px, each save of 'Editar datos' opened from 'Acciones' gives the focus back to 'Acciones'", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const business = await registerBusiness();
  await signInAsAdmin(page);
  await openPage(page, business);
  const actions = page.getByRole('button', { name: 'Acciones' });
  const dialog = page.getByRole('dialog', { name: 'Editar datos' });
  for (const year of ['2001', '2002', '2003']) {
    await actions.click();
    await page.getByRole('menuitem', { name: 'Editar datos' }).click();
    await dialog.getByRole('textbox', { name: /Año de fundación/ }).fill(year);
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(actions, `after saving ${year}`).toBeFocused();
  }
  // 'Cancelar' and Escape too.
  await actions.click();
  await page.getByRole('menuitem', { name: 'Editar datos' }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(actions).toBeFocused();
  await actions.press('Enter');
  await page.getByRole('menuitem', { name: 'Editar datos' }).press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(actions).toBeFocused();
  if (shots) await page.screenshot({ path: `${shots}/edit-saved-focus-390.png` });
});

test('a deletion from the business page is undone with Deshacer', async ({ page }) => {
  test.setTimeout(120_000);
  const business = await registerBusiness();
  await signInAsMaster(page);
  await openPage(page, business);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar Negocio' });
  await expect(dialog.getByText(/Podrá restaurarlo desde la Papelera/)).toBeVisible();
  await dialog.getByRole('textbox').fill(business.registry);
  await dialog.getByRole('button', { name: 'Entiendo, eliminar este negocio' }).click();
  await expect(dialog.getByText('Eliminación Exitosa')).toBeVisible();
  expect(await inTrash(business.registry)).toBe(true);
  await expect(dialog).toHaveCount(0, { timeout: 8_000 }); // it closes itself after 3 s
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByText(`«${business.name}» se restauró.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  expect(await inTrash(business.registry)).toBe(false);
});

for (const width of [1440, 390]) {
  test(`a deletion over a change made meanwhile is refused; Recargar shows it to decide again at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const business = await registerBusiness();
    await signInAsMaster(page);
    await openPage(page, business);
    await openHeaderAction(page, width, 'Eliminar');
    const dialog = page.getByRole('dialog', { name: 'Eliminar Negocio' });
    await expect(dialog.getByText(business.name)).toBeVisible();

    // Someone else renames the business while the master reads the dialog.
    const renamed = `${business.name} Renombrado`;
    await withMasterApi(async (api, headers) => {
      const response = await api.patch(
        `/master/business-data/api/v1/business-data/registry/${business.registry}`,
        { headers, data: { business_name: renamed } },
      );
      expect(response.status(), await response.text()).toBe(200);
    });

    const input = dialog.getByRole('textbox');
    const confirm = dialog.getByRole('button', { name: 'Entiendo, eliminar este negocio' });
    await input.fill(business.registry);
    await confirm.click();
    const notice = dialog
      .getByRole('alert')
      .filter({ hasText: 'Este negocio cambió mientras confirmaba su eliminación' });
    await expect(notice).toContainText('No se eliminó el negocio.');
    const row = notice.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Nombre' }) });
    await expect(row).toContainText(renamed);
    await expect(confirm).toBeDisabled();
    expect(await inTrash(business.registry)).toBe(false);
    expect(await dialogViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/delete-conflict-${width}.png` });

    // 'Recargar': the dialog and the page show the business as it is now; the master decides again.
    await notice.getByRole('button', { name: 'Recargar' }).click();
    await expect(notice).toHaveCount(0);
    await expect(dialog.getByText(renamed)).toBeVisible();
    await expect(input).toHaveValue('');
    await expect(confirm).toBeDisabled();
    // Behind the dialog (hidden from the accessibility tree while it is open), the page's header too.
    await expect(page.getByRole('heading', { level: 1, name: renamed, includeHidden: true })).toBeAttached();
    await input.fill(business.registry);
    await confirm.click();
    await expect(dialog.getByText('Eliminación Exitosa')).toBeVisible();
    expect(await inTrash(business.registry)).toBe(true);
  });
}

test.describe('Papelera', () => {
  for (const width of [1440, 390]) {
    test(`search, restore and purge for good at ${width}px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const keep = await registerBusiness({
        business_name: `Papelera Restaurar ${width} ${Date.now().toString(36)}`,
      });
      const drop = await registerBusiness({
        business_name: `Papelera Purgar ${width} ${Date.now().toString(36)}`,
      });
      await deleteByApi(keep);
      await deleteByApi(drop);

      await signInAsMaster(page);
      await page.goto('/admin-dashboard?tab=papelera');
      await expect(page.getByRole('heading', { name: 'Papelera' })).toBeVisible();
      const search = page.getByRole('searchbox', { name: 'Buscar en la papelera' });
      expect(await placeholderFits(search)).toMatchObject({ fits: true });
      if (shots) await page.screenshot({ path: `${shots}/papelera-empty-search-${width}.png` });
      await search.fill(`Papelera Restaurar ${width}`);
      await expect(page.getByText(keep.registry).filter({ visible: true })).toBeVisible();
      await expect(page.getByText(drop.registry)).toHaveCount(0);
      await expect(page.getByText(/^Mostrando 1 de 1 negocio$/)).toBeVisible();
      expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/papelera-${width}.png`, fullPage: true });

      await page
        .getByRole('button', { name: `Restaurar ${keep.name}` })
        .filter({ visible: true })
        .click();
      await expect(
        page.getByText(`«${keep.name}» se restauró con su historial, contenido y accesos.`),
      ).toBeVisible();
      await expect(page.getByText('No se encontraron negocios')).toBeVisible();
      expect(await inTrash(keep.registry)).toBe(false);
      // On a phone the toast lies over the next row's buttons: closed, as a person would.
      await page.getByRole('button', { name: 'Cerrar notificación' }).click();

      await page.getByRole('searchbox', { name: 'Buscar en la papelera' }).fill(drop.registry);
      await page
        .getByRole('button', { name: `Eliminar definitivamente ${drop.name}` })
        .filter({ visible: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Eliminar definitivamente' });
      const confirm = dialog.getByRole('button', { name: 'Eliminar definitivamente' });
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('textbox').fill(drop.registry.toLowerCase());
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('textbox').fill(drop.registry);
      expect(await dialogViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/papelera-purge-${width}.png` });
      await confirm.click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(`«${drop.name}» se eliminó definitivamente.`)).toBeVisible();
      expect(await inTrash(drop.registry)).toBe(false);
    });
  }

  test('is the master tab only', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-dashboard?tab=papelera');
    await expect(page.getByRole('tab', { name: /Papelera/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await expect(page.getByText('Solo usuarios maestros pueden ver la papelera.')).toBeVisible();
  });
});

test('restoring the only row of the last page of the trash shows the page before it', async ({ page }) => {
  test.setTimeout(120_000);
  const word = `Ultimapagina${Date.now().toString(36)}`;
  const businesses: TestBusiness[] = [];
  for (let i = 0; i < 11; i += 1) businesses.push(await registerBusiness({ business_name: `${word} ${i}` }));
  for (const business of businesses) await deleteByApi(business);

  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=papelera&q=${word}&filas=10&pagina=2`);
  await expect(page.getByText(/^Mostrando 11 de 11 negocios$/)).toBeVisible();
  const last = page.getByRole('button', { name: /^Restaurar / }).filter({ visible: true });
  await expect(last).toHaveCount(1);
  await last.click();

  await expect(page.getByText(/^Mostrando 1-10 de 10 negocios$/)).toBeVisible();
  await expect(page).not.toHaveURL(/pagina=/);
  await expect(page.getByText('No se encontraron negocios')).toHaveCount(0);
});

test('keyboard only: after a restore or a purge the list keeps the focus, after a refused restore its button', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const word = `Teclado${Date.now().toString(36)}`;
  const businesses: TestBusiness[] = [];
  for (let i = 0; i < 3; i += 1) businesses.push(await registerBusiness({ business_name: `${word} ${i}` }));
  for (const business of businesses) await deleteByApi(business);
  const [restored, purged, left] = businesses;
  // Another business takes the email of the one left: its restore is refused.
  const holder = await registerBusiness({ business_email: left.email });

  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=papelera&q=${word}`);
  await expect(page.getByText(/^Mostrando 1-3 de 3 negocios$/)).toBeVisible();
  const results = page.getByRole('region', { name: 'Resultados de la papelera' });
  const focusedTag = () => page.evaluate(() => document.activeElement?.tagName ?? 'BODY');

  await page.getByRole('button', { name: `Restaurar ${restored.name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Mostrando 1-2 de 2 negocios$/)).toBeVisible();
  await expect.poll(focusedTag, { message: 'the focus is lost to the page' }).not.toBe('BODY');
  await expect(results).toBeFocused();

  await page.getByRole('button', { name: `Eliminar definitivamente ${purged.name}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Eliminar definitivamente' });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.type(purged.registry);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Mostrando 1 de 1 negocio$/)).toBeVisible();
  await expect.poll(focusedTag, { message: 'the focus is lost to the page' }).not.toBe('BODY');
  await expect(results).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(
    /Seleccionar los negocios de esta página|Filas por página|Restaurar/,
  );

  // Refused: the row stays, and so does the focus on the button pressed.
  const restoreLeft = page.getByRole('button', { name: `Restaurar ${left.name}` });
  await restoreLeft.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`Lo tiene «${holder.name}»`))).toBeVisible();
  await expect(restoreLeft).toBeFocused();
  await expect(restoreLeft).not.toHaveAttribute('aria-busy');
});
