// The lookup boxes find a business by name, part of its registry number, email or phone (a combobox
// with suggestions); a search can be sorted by any order, from the select and from the column
// headers; the keyboard goes from the search box into the rows and the business page starts with
// the focus on its heading; a tap anywhere on a card opens the business.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots/finding';
// Several sign-ins, searches and lazy screens per test: room for a loaded machine.
test.describe.configure({ timeout: 90_000 });
// A word of its own, so the main server's other businesses stay out of these searches.
const token = `Vq${Date.now().toString(36)}`;
let oldest: TestBusiness;
let middle: TestBusiness;
let newest: TestBusiness;

test.beforeAll(async () => {
  // Registered one after another: newest first is newest, middle, oldest; relevance puts the exact
  // name (oldest) first; names A–Z are 'Bravo …' (newest), the token (oldest), 'Zeta …' (middle).
  oldest = await registerBusiness({ business_name: token });
  middle = await registerBusiness({ business_name: `Zeta ${token}` });
  newest = await registerBusiness({ business_name: `Bravo ${token} Norte` });
});

const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });
/** The table's body rows (the first row is the header's). */
const bodyRow = (page: Page, index: number) =>
  table(page)
    .getByRole('row')
    .nth(index + 1);

async function expectRowOrder(page: Page, businesses: TestBusiness[]) {
  await expect(table(page).getByRole('row')).toHaveCount(businesses.length + 1);
  for (const [index, business] of businesses.entries()) {
    await expect(bodyRow(page, index)).toContainText(business.registry);
  }
}

test.describe('sorting a search', () => {
  test('a search offers Relevancia first, and newest first really is newest first', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(page.getByRole('heading', { name: 'Resultados (3)' })).toBeVisible({ timeout: 15_000 });
    const sortBy = page.getByLabel('Ordenar por');
    await expect(sortBy).toHaveValue('relevance');
    await expect(sortBy.locator('option').first()).toHaveText('Relevancia');
    await expect(page.getByLabel('Sentido del orden')).toHaveCount(0);
    await expect(page.getByText('Negocios que coinciden con la búsqueda. Orden: Relevancia.')).toBeVisible();
    await expect(bodyRow(page, 0)).toContainText(oldest.registry);

    await sortBy.selectOption({ label: 'Fecha de registro' });
    await expect(page).toHaveURL(/orden=fecha&sentido=desc/);
    await expectRowOrder(page, [newest, middle, oldest]);
    await expect(page.getByText('Orden: Más recientes primero.', { exact: false })).toBeVisible();

    await page.getByLabel('Sentido del orden').selectOption({ label: 'Ascendente' });
    await expectRowOrder(page, [oldest, middle, newest]);

    // Chosen again after a reload: still applied.
    await page.reload();
    await expectRowOrder(page, [oldest, middle, newest]);
    await expect(sortBy).toHaveValue('registration_date');
    await page.screenshot({ path: `${SHOTS}/search-sorted-1440.png`, fullPage: true });
  });

  test('without a search there is no Relevancia, and the subtitle names the order', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=buscar');
    const sortBy = page.getByLabel('Ordenar por');
    await expect(sortBy).toHaveValue('registration_date');
    await expect(sortBy.locator('option', { hasText: 'Relevancia' })).toHaveCount(0);
    await expect(
      page.getByText('Todos los negocios registrados. Orden: Más recientes primero.'),
    ).toBeVisible();
    await sortBy.selectOption({ label: 'Nombre' });
    await expect(page.getByText('Todos los negocios registrados. Orden: Nombre A–Z.')).toBeVisible();
  });

  test('the Nombre and Estado headers sort, with aria-sort', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    await expect(page.getByRole('heading', { name: 'Resultados (3)' })).toBeVisible({ timeout: 15_000 });
    const name = table(page).getByRole('columnheader', { name: 'Nombre' });
    const status = table(page).getByRole('columnheader', { name: 'Estado' });
    await expect(name).toHaveAttribute('aria-sort', 'none');

    await name.getByRole('button', { name: 'Nombre' }).click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(status).toHaveAttribute('aria-sort', 'none');
    await expectRowOrder(page, [newest, oldest, middle]);
    await expect(page.getByText('Orden: Nombre A–Z.', { exact: false })).toBeVisible();

    await name.getByRole('button', { name: 'Nombre' }).click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expectRowOrder(page, [middle, oldest, newest]);
    await expect(page.getByLabel('Ordenar por')).toHaveValue('name');

    await status.getByRole('button', { name: 'Estado' }).click();
    await expect(status).toHaveAttribute('aria-sort', 'descending');
    await expect(name).toHaveAttribute('aria-sort', 'none');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('from the search box to the rows', () => {
  test('/ then typing then ↓ reaches the rows; j and Enter open a business with the focus on its name', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.keyboard.press('/');
    const box = page.getByRole('searchbox', { name: /Buscar negocios/ });
    await expect(box).toBeFocused();
    await page.keyboard.type(token);
    await page.keyboard.press('ArrowDown');
    await expect(bodyRow(page, 0)).toBeFocused();
    await expect(bodyRow(page, 0)).toContainText(oldest.registry);
    await page.keyboard.press('j');
    await expect(bodyRow(page, 1)).toBeFocused();
    const second = (await bodyRow(page, 1).textContent()) ?? '';
    const opened = [middle, newest].find((business) => second.includes(business.registry)) as TestBusiness;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/negocios/${opened.registry}$`));
    await expect(page.getByRole('heading', { level: 1, name: opened.name })).toBeFocused();
  });

  test('Enter once the results are shown moves into the rows', async ({ page }) => {
    await signInAsMaster(page);
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: /Buscar negocios/ })).toBeFocused();
    await page.keyboard.type(token);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Resultados (3)' })).toBeVisible({ timeout: 15_000 });
    await expect(bodyRow(page, 0)).toContainText(oldest.registry);
    await page.keyboard.press('Enter');
    await expect(bodyRow(page, 0)).toBeFocused();
  });

  test('Esc leaves the box and keeps the search', async ({ page }) => {
    await signInAsMaster(page);
    await page.keyboard.press('/');
    const box = page.getByRole('searchbox', { name: /Buscar negocios/ });
    await expect(box).toBeFocused();
    await page.keyboard.type(token);
    await expect(page.getByRole('heading', { name: 'Resultados (3)' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(box).not.toBeFocused();
    await expect(box).toHaveValue(token);
    await expect(page).toHaveURL(new RegExp(`q=${token}`));
    await expect(page.getByRole('heading', { name: 'Resultados (3)' })).toBeVisible({ timeout: 15_000 });
    // j still reaches the rows from there.
    await page.keyboard.press('j');
    await expect(bodyRow(page, 0)).toBeFocused();
  });

  test("the '?' help names the search box keys", async ({ page }) => {
    await signInAsMaster(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await expect(help.getByText(/↓ pasa a las filas de resultados/)).toBeVisible();
    await expect(help.getByText(/pasar a las filas cuando ya se muestran/)).toBeVisible();
    await expect(help.getByText(/salir del buscador sin borrar la búsqueda/)).toBeVisible();
  });

  test('a business opened from the palette has the focus on its heading', async ({ page }) => {
    await signInAsMaster(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Búsqueda rápida' });
    await expect(palette.getByRole('combobox')).toBeFocused({ timeout: 15_000 });
    await page.keyboard.type(newest.name);
    await expect(palette.getByRole('option', { name: new RegExp(newest.registry) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/negocios/${newest.registry}$`));
    await expect(page.getByRole('heading', { level: 1, name: newest.name })).toBeFocused();
  });

  test('at 390 px a tap anywhere on a card opens the business', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=buscar&q=${token}`);
    const card = page
      .getByRole('list', { name: 'Negocios' })
      .getByRole('listitem')
      .filter({ hasText: middle.registry });
    await expect(card).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/search-cards-390.png`, fullPage: true });
    await card.getByText('Propietario').click();
    await expect(page).toHaveURL(new RegExp(`/negocios/${middle.registry}$`));
    await expect(page.getByRole('heading', { level: 1, name: middle.name })).toBeVisible();
  });
});

const LOOKUP_TABS = [
  { tab: 'contenido', title: 'Gestionar Contenido' },
  { tab: 'suscripciones', title: 'Gestionar Suscripciones' },
  { tab: 'acceso', title: 'Gestionar Acceso' },
];

test.describe('the lookup boxes find by name, part of the number, email or phone', () => {
  for (const { tab, title } of LOOKUP_TABS) {
    test(`${title}: a name gives suggestions to pick with the keyboard`, async ({ page }) => {
      await signInAsMaster(page);
      await page.goto(`/admin-dashboard?tab=${tab}`);
      const box = page.getByRole('combobox', { name: /Número de registro/ });
      await box.fill(middle.name);
      const option = page.getByRole('option', { name: new RegExp(middle.registry) });
      await expect(option).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) as string);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`registro=${middle.registry}`));
      await expect(box).toHaveValue(middle.registry);
      await expect(page.getByText(/NO ESTÁ REGISTRADO|no se encontró/i)).toHaveCount(0);
    });
  }

  test('part of the registry number with Enter opens its only match; Esc closes the suggestions', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=contenido');
    const box = page.getByRole('combobox', { name: /Número de registro/ });
    // The digits without 'REG': only this business's number has them all.
    await box.fill(oldest.registry.slice(3));
    await expect(page.getByRole('option', { name: new RegExp(oldest.registry) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue(oldest.registry.slice(3));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`registro=${oldest.registry}`));
    await expect(page.getByRole('heading', { name: oldest.name })).toBeVisible();
  });

  test('an email finds its business; several matches ask to pick one', async ({ page }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=acceso');
    const box = page.getByRole('combobox', { name: /Número de registro/ });
    await box.fill(newest.email);
    await expect(page.getByRole('option', { name: new RegExp(newest.registry) })).toBeVisible();
    await box.fill(token);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Varios negocios coinciden: elija uno de la lista')).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Negocios sugeridos' }).getByRole('option')).toHaveCount(
      3,
    );
    await page.screenshot({ path: `${SHOTS}/lookup-suggestions-1440.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('option', { name: new RegExp(newest.registry) }).click();
    await expect(page).toHaveURL(new RegExp(`registro=${newest.registry}`));
  });

  test('a whole registry number still opens at once, and at 390 px the suggestions fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=suscripciones');
    const box = page.getByRole('combobox', { name: /Número de registro/ });
    await box.fill(middle.registry.toLowerCase());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`registro=${middle.registry}`));
    await box.fill(token);
    await expect(page.getByRole('option')).toHaveCount(3);
    await page.screenshot({ path: `${SHOTS}/lookup-suggestions-390.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
