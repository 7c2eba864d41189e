// The import screen with an Excel file, by keyboard alone and in two tabs: a 5,000-row XLSX chosen
// with Enter on 'Elegir archivo', previewed and imported with counts that add up, the focus on
// each step's heading or button and never on the page's body; and the same import open in two
// tabs, where 'Importar' starts only the columns its own tab previewed, and once.
import { expect, type FileChooser, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { IMPORTS_BASE_URL } from './support/env.ts';
import { tabTo } from './support/keyboard.ts';
import { signInAsAdmin } from './support/staff.ts';

const unique = `${Date.now()}`.slice(-6);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `rows` new businesses unique to this run and `tag`; every 1,000th has an email that is not one. */
async function workbook(rows: number, tag: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Negocios');
  sheet.addRow(['Nombre', 'Propietario', 'Email', 'Teléfono', 'Categoría']);
  for (let i = 0; i < rows; i++) {
    const email = i % 1000 === 999 ? 'no-es-correo' : `excel.${unique}.${tag}.${i}@correo.test`;
    const phone = `9${tag}${unique.slice(-3)}${String(i).padStart(5, '0')}`;
    sheet.addRow([`Negocio Excel ${unique}-${tag}-${i}`, 'Ana Ruiz', email, phone, 'Panaderías']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Enter on the focused 'Elegir archivo': the browser's file chooser. Pressed once more if none
 * came: in one CI run on a loaded machine Chromium opened none for the first press (the button had
 * the focus, and every run before and since opened it at once).
 */
async function chooseByEnter(page: Page): Promise<FileChooser> {
  for (let press = 1; ; press++) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: press === 1 ? 15_000 : 30_000 }).catch((error: Error) => {
        if (press > 1) throw error;
        return null;
      }),
      page.keyboard.press('Enter'),
    ]);
    if (chooser) return chooser;
  }
}

// Thousands of rows hold the embedded database for seconds at a time: on a server of their own.
test.use({ baseURL: IMPORTS_BASE_URL });

test('by keyboard alone, a 5,000-row XLSX is chosen, previewed and imported with counts that add up', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsAdmin(page, IMPORTS_BASE_URL);
  await page.goto('/importar');
  const file = await workbook(5000, 3);

  // Enter on the button opens the browser's file chooser (Playwright answers it).
  await tabTo(page, page.getByRole('button', { name: 'Elegir archivo' }));
  const chooser = await chooseByEnter(page);
  await chooser.setFiles({ name: 'negocios.xlsx', mimeType: XLSX, buffer: file });
  const columns = page.getByRole('heading', { name: '1. Columnas de «negocios.xlsx» (5,000 filas)' });
  await expect(columns).toBeFocused({ timeout: 30_000 });
  // The export's Spanish headers map by themselves; each select is reached by Tab, its focus shown.
  await expect(page.getByLabel('Categoría', { exact: true })).toHaveValue('business_category');
  await tabTo(page, page.getByLabel('Categoría', { exact: true }));

  await tabTo(page, page.getByRole('button', { name: 'Ver vista previa' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '2. Vista previa' })).toBeFocused({ timeout: 30_000 });
  const counts = page.getByRole('region', { name: '2. Vista previa' });
  await expect(counts.getByRole('definition')).toHaveText(['4,995', '0', '0', '5']);
  await expect(
    page.getByRole('table', { name: /Filas con errores/ }).getByRole('row', { name: /^1001 / }),
  ).toContainText('Email: Formato de correo electrónico inválido.');

  const mails = page.getByRole('checkbox', { name: /Enviar acceso a los dueños/ });
  await tabTo(page, mails);
  await page.keyboard.press('Space');
  await expect(mails).toBeChecked();
  await page.keyboard.press('Space');
  await expect(mails).not.toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Importar 4,995 negocios' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Importación terminada')).toBeVisible({ timeout: 45_000 });
  const result = page.getByRole('region', { name: 'Resultado' });
  await expect(result.getByRole('definition')).toHaveText(['4,995', '0', '0', '5']);
  await expect(result).toContainText(
    'Se importaron 4,995 de las 5,000 filas de «negocios.xlsx»; 5 filas tienen errores y no se importaron.',
  );
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeFocused();
  await tabTo(page, result.getByRole('button', { name: 'Descargar resultado por fila' }));
});

test("in two tabs, 'Importar' starts only the columns its tab previewed, and the other tab then shows the result", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, IMPORTS_BASE_URL);
  await page.goto('/importar');
  await page
    .getByLabel('Archivo CSV o XLSX')
    .setInputFiles({ name: 'dos-pestanas.xlsx', mimeType: XLSX, buffer: await workbook(1, 4) });
  const columns = /Columnas de «dos-pestanas\.xlsx»/;
  await expect(page.getByRole('heading', { name: columns })).toBeVisible({ timeout: 30_000 });
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: columns })).toBeVisible({ timeout: 30_000 });

  // This tab previews every column; the other then previews without the category.
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  const start = page.getByRole('button', { name: 'Importar 1 negocio' });
  await expect(start).toBeVisible();
  await other.getByLabel('Categoría', { exact: true }).selectOption('');
  await other.getByRole('button', { name: 'Ver vista previa' }).click();
  const otherStart = other.getByRole('button', { name: 'Importar 1 negocio' });
  await expect(otherStart).toBeVisible();

  // Its preview is no longer the saved one: nothing starts, it says so, the focus stays on the page.
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'La importación se revisó de nuevo con otras columnas (quizá en otra pestaña): vea la vista previa otra vez antes de iniciarla.',
  );
  await expect(start).toHaveCount(0);
  await expect(page.getByRole('heading', { name: columns })).toBeFocused();
  await page.getByRole('button', { name: 'Ver vista previa' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '2. Vista previa' })).toBeFocused();
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Importación terminada')).toBeVisible({ timeout: 30_000 });

  // The other tab's 'Importar' finds it started: it shows the result, started once, not a dead end.
  await otherStart.focus();
  await other.keyboard.press('Enter');
  await expect(other.getByText('Importación terminada')).toBeVisible({ timeout: 15_000 });
  const otherResult = other.getByRole('region', { name: 'Resultado' });
  await expect(otherResult.getByRole('definition')).toHaveText(['1', '0', '0', '0']);
  await expect(other.getByRole('heading', { name: 'Resultado' })).toBeFocused();
});
