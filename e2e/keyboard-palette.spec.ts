// Quick jump and shortcuts, keyboard only on the seeded server: Ctrl+K finds a business typed
// without its accents and opens its page, and opens a screen; Escape gives the focus back; '/'
// focuses the directory search; j/k + Enter open a row; '?' lists every shortcut; none of the keys
// acts inside a field; axe finds nothing serious with the palette or the help open. A search with
// no match says what was searched; on a phone a 'Cerrar' button closes the palette, back to the field.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { SEEDED_BASE_URL } from './support/env.ts';
import { placeholderFits } from './support/placeholder-fits.ts';
import { masterApi, signInAsMaster } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const BUSINESSES = '/master/business-data/api/v1/business-data';

interface Row {
  business_registry_number: string;
  business_name: string;
}

interface AccentedBusiness {
  registry: string;
  name: string;
  /** Part of the name, typed without its accents. */
  typed: string;
  /** Its place among the server's first 8 answers to `typed`. */
  index: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** A seeded business whose name has an accent, and a part of it the server finds among 8 without accents. */
async function accentedBusiness(): Promise<AccentedBusiness> {
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const list = await api.get(`${BUSINESSES}?limit=100`, { headers });
    expect(list.status()).toBe(200);
    const { businesses } = (await list.json()) as { businesses: Row[] };
    for (const business of businesses) {
      const words = business.business_name.split(/\s+/);
      const at = words.findIndex((word) => fold(word) !== word);
      if (at === -1) continue;
      const typed = fold(words.slice(Math.max(0, at - 1), at + 1).join(' '));
      const found = await api.get(`${BUSINESSES}?limit=8&search=${encodeURIComponent(typed)}`, { headers });
      const rows = ((await found.json()) as { businesses: Row[] }).businesses;
      const index = rows.findIndex(
        (row) => row.business_registry_number === business.business_registry_number,
      );
      if (index !== -1)
        return { registry: business.business_registry_number, name: business.business_name, typed, index };
    }
    throw new Error('the demo data has no business with an accent in its name');
  } finally {
    await api.dispose();
  }
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Búsqueda rápida' });
const paletteInput = (page: Page) =>
  palette(page).getByRole('combobox', { name: 'Buscar negocios y pantallas' });
const help = (page: Page) => page.getByRole('dialog', { name: 'Atajos de teclado' });
const directorySearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Buscar negocios por nombre, propietario, email o teléfono' });
const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });

let business: AccentedBusiness;

test.beforeAll(async () => {
  business = await accentedBusiness();
});

test.describe('keyboard: palette and shortcuts', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsMaster(page);
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  });

  test('Ctrl+K finds a business typed without its accents and Enter opens its page', async ({ page }) => {
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type(business.typed);
    const option = palette(page).getByRole('option', { name: new RegExp(`^${escapeRegExp(business.name)}`) });
    await expect(option).toBeVisible();
    await expect(palette(page).getByText('Buscando...')).toHaveCount(0);
    for (let step = 0; step < business.index; step += 1) await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/negocios/${encodeURIComponent(business.registry)}$`));
    await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
    await expect(palette(page)).toHaveCount(0);
    // '/' away from the directory goes back to it, ready to type.
    await page.keyboard.press('/');
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=buscar$/);
    await expect(directorySearch(page)).toBeFocused();
  });

  test("Ctrl+K, 'Registrar' and Enter open that screen; the palette offers only the screens under 2 letters", async ({
    page,
  }) => {
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('a');
    await expect(palette(page).getByRole('group', { name: 'Negocios' })).toHaveCount(0);
    await expect(palette(page).getByRole('option', { name: 'Gestionar Acceso' })).toBeVisible();
    await page.keyboard.press('Backspace');
    for (const screen of [
      'Buscar Negocios',
      'Aprobar Admins',
      'Auditoría',
      'Historial de Registros',
      'Atajos de teclado',
    ])
      await expect(palette(page).getByRole('option', { name: screen })).toBeVisible();
    await page.keyboard.type('Registrar');
    await expect(palette(page).getByText('Buscando...')).toHaveCount(0);
    await expect(palette(page).getByRole('option', { name: 'Registrar Negocio' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin-dashboard\?tab=registrar$/);
    await expect(page.getByRole('tab', { name: 'Registrar Negocio' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test("'/' focuses the directory search, typing searches, and Escape closes the palette back to it", async ({
    page,
  }) => {
    await page.keyboard.press('/');
    await expect(directorySearch(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);
    await expect(directorySearch(page)).toBeFocused();
    await page.keyboard.type(business.typed);
    await expect(directorySearch(page)).toHaveValue(business.typed);
    await expect(table(page).getByRole('link', { name: business.name, exact: true })).toBeVisible();
  });

  test('j/k move the row focus and Enter opens the focused row', async ({ page }) => {
    const rows = table(page).locator('tbody tr');
    await page.keyboard.press('j');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    const href = await rows.nth(1).getByRole('link').first().getAttribute('href');
    const name = await rows.nth(1).getByRole('link').first().innerText();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test("'?' lists every shortcut and Escape closes the list, back to the row", async ({ page }) => {
    await page.keyboard.press('j');
    await expect(table(page).locator('tbody tr').first()).toBeFocused();
    await page.keyboard.press('?');
    await expect(help(page)).toBeVisible();
    for (const key of ['Ctrl+K', '⌘K', '/', 'j', 'k', '↑', '↓', 'Enter', '?', 'Esc'])
      await expect(help(page).locator('kbd', { hasText: new RegExp(`^${escapeRegExp(key)}$`) })).toHaveCount(
        1,
      );
    await page.keyboard.press('Escape');
    await expect(help(page)).toHaveCount(0);
    await expect(table(page).locator('tbody tr').first()).toBeFocused();
  });

  test("'/', '?', 'j' and 'k' typed in a field stay in the field", async ({ page }) => {
    await page.keyboard.press('/');
    await page.keyboard.type('x/?jk');
    await expect(directorySearch(page)).toHaveValue('x/?jk');
    await expect(directorySearch(page)).toBeFocused();
    await expect(help(page)).toHaveCount(0);
    await expect(table(page).locator('tbody tr:focus')).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('?j/');
    await expect(paletteInput(page)).toHaveValue('?j/');
    await expect(help(page)).toHaveCount(0);
  });
});

for (const width of [1440, 390]) {
  test(`axe finds nothing serious with the palette or the help open at ${width}px`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: SEEDED_BASE_URL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAsMaster(page);
    const shots = process.env.E2E_SHOTS_DIR;
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    // The placeholder shows whole, a shorter one on a phone.
    expect(await placeholderFits(paletteInput(page))).toMatchObject({ fits: true });
    if (shots) await page.screenshot({ path: `${shots}/palette-empty-${width}.png` });
    await page.keyboard.type(business.typed);
    await expect(
      palette(page).getByRole('option', { name: new RegExp(`^${escapeRegExp(business.name)}`) }),
    ).toBeVisible();
    await expect(palette(page).getByText('Buscando...')).toHaveCount(0);
    if (shots) await page.screenshot({ path: `${shots}/palette-${width}.png` });
    const findings = (await seriousViolations(page, { withoutToasts: true })).map((f) => `palette: ${f}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(help(page)).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/help-${width}.png` });
    findings.push(...(await seriousViolations(page, { withoutToasts: true })).map((f) => `help: ${f}`));
    expect(findings).toEqual([]);
    await context.close();
  });
}

for (const width of [1440, 390]) {
  test(`at ${width}px a search with no match says what was searched; ${width < 640 ? "'Cerrar' closes the palette, back to the search" : "'Esc' is hinted in place of 'Cerrar'"}`, async ({
    browser,
  }) => {
    const phone = width < 640;
    const context = await browser.newContext({
      baseURL: SEEDED_BASE_URL,
      viewport: { width, height: 900 },
      hasTouch: phone,
    });
    const page = await context.newPage();
    await signInAsMaster(page);
    const shots = process.env.E2E_SHOTS_DIR;
    await page.keyboard.press('/');
    await expect(directorySearch(page)).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(paletteInput(page)).toBeFocused();
    await page.keyboard.type('zzzqqq');
    await expect(palette(page).getByRole('status')).toHaveText('Sin resultados para "zzzqqq"');
    if (shots) await page.screenshot({ path: `${shots}/palette-none-${width}.png` });
    const close = palette(page).getByRole('button', { name: 'Cerrar' });
    if (!phone) {
      await expect(close).toBeHidden();
      await expect(palette(page).getByText('Esc', { exact: true })).toBeVisible();
      await context.close();
      return;
    }
    await expect(close).toBeVisible();
    const box = await close.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(40);
    await close.tap();
    await expect(palette(page)).toHaveCount(0);
    await expect(directorySearch(page)).toBeFocused();
    await context.close();
  });
}
