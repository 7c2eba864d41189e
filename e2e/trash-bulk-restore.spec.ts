// 'Restaurar seleccionados' in the master's 'Papelera': a checkbox per business and one for the page,
// a bar while some are selected, and a dialog that names them, restores each with the trash's own
// restore and says, business by business, why any did not come back (naming who holds its email now).
// Those restored leave the trash and the selection; the one refused stays selected.
import { expect, type Page, test } from '@playwright/test';
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { deleteByApi, registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

const shots = process.env.E2E_SHOTS_DIR;
const bar = (page: Page) => page.getByRole('region', { name: 'Acciones sobre la selección' });

/** The registry numbers of `made` that a search of `word` finds, in the trash or in the directory. */
async function found(where: 'trash' | 'directory', word: string, made: TestBusiness[]) {
  const path = where === 'trash' ? BUSINESS_TRASH_PATH : '/master/business-data/api/v1/business-data';
  const registries = await withMasterApi(async (api, headers) => {
    const response = await api.get(path, { headers, params: { search: word, limit: 50 } });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { businesses: { business_registry_number: string }[] };
    return body.businesses.map((row) => row.business_registry_number);
  });
  return made.filter((business) => registries.includes(business.registry)).map((b) => b.registry);
}

for (const width of [1440, 390]) {
  test(`restores the selected businesses at once, and says why one could not be, at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const word = `zr${width}${Date.now().toString(36)}${process.pid}`;
    const made: TestBusiness[] = [];
    for (const index of [1, 2, 3])
      made.push(await registerBusiness({ business_name: `Papelera ${word} ${index}` }));
    for (const business of made) await deleteByApi(business);
    const [first, refused, third] = made as [TestBusiness, TestBusiness, TestBusiness];
    // Another business takes the second one's email meanwhile: it cannot come back.
    const holder = await registerBusiness({ business_email: refused.email });

    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=papelera&q=${word}`);
    for (const business of made) await expect(page.getByRole('link', { name: business.name })).toBeVisible();
    await expect(bar(page)).toHaveCount(0);

    // One by one, and the page's box: mixed while some are selected, then all of them.
    await page.getByRole('checkbox', { name: `Seleccionar ${first.name}` }).check();
    await expect(bar(page).getByText('1 negocio seleccionado')).toBeVisible();
    const pageBox = page.getByRole('checkbox', { name: 'Seleccionar los negocios de esta página' });
    await pageBox.click();
    await expect(pageBox).toBeChecked();
    for (const business of made)
      await expect(page.getByRole('checkbox', { name: `Seleccionar ${business.name}` })).toBeChecked();
    await expect(bar(page).getByText('3 negocios seleccionados')).toBeVisible();
    await expect(bar(page).getByRole('button', { name: 'Quitar selección' })).toBeVisible();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/trash-bar-${width}.png` });

    const open = bar(page).getByRole('button', { name: 'Restaurar seleccionados' });
    await open.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Restaurar 3 negocios' });
    const names = ask.getByRole('list', { name: 'Negocios que se restaurarán' });
    for (const business of made) await expect(names.getByText(business.name)).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/trash-ask-${width}.png` });

    await ask.getByRole('button', { name: 'Restaurar 3 negocios' }).click();
    const result = page.getByRole('dialog', { name: 'Restauración de 3 negocios' });
    await expect(result.getByText('Se restauraron 2 de 3 negocios')).toBeVisible({ timeout: 20_000 });
    const failures = result.getByRole('region', { name: 'Negocios que no se restauraron' });
    await expect(failures.getByText(refused.name)).toBeVisible();
    await expect(
      failures.getByText(
        `No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «${holder.name}» (${holder.registry}).`,
      ),
    ).toBeVisible();
    await expect(result.getByRole('button', { name: 'Cerrar', exact: true }).last()).toBeFocused();
    expect(await dialogViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/trash-result-${width}.png` });

    // Enter on the focused 'Cerrar': the focus goes back to the bar's button; the refused one stays selected.
    await page.keyboard.press('Enter');
    await expect(result).toHaveCount(0);
    await expect(open).toBeFocused();
    await expect(bar(page).getByText('1 negocio seleccionado')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Seleccionar ${refused.name}` })).toBeChecked();
    await expect(page.getByRole('link', { name: first.name })).toHaveCount(0);
    await expect(page.getByRole('link', { name: third.name })).toHaveCount(0);

    expect(await found('trash', word, made)).toEqual([refused.registry]);
    expect((await found('directory', word, made)).sort()).toEqual([first.registry, third.registry].sort());

    await bar(page).getByRole('button', { name: 'Quitar selección' }).click();
    await expect(bar(page)).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: `Seleccionar ${refused.name}` })).not.toBeChecked();
  });
}
