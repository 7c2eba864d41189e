// One import open in two tabs of one browser: the tab left on the review shows the import the other
// tab started once it is back in front, and its 'Cancelar importación', pressed after the other tab
// cancelled the import, says the import already ended instead of a failure, with the focus kept.
import { expect, type Page, test } from '@playwright/test';
import { dialogViolations } from './support/axe-scan.ts';
import { IMPORTS_BASE_URL } from './support/env.ts';
import { signInAsAdmin } from './support/staff.ts';

const unique = `${Date.now()}`.slice(-7);
const phone = (n: number) => `938${String((Number(unique) + n) % 10_000_000).padStart(7, '0')}`;

/**
 * A file the job takes several seconds over: one new business (so it can be started), then rows in
 * error (their email) that write nothing.
 */
const longCsv = () =>
  [
    'business_name,business_owner,business_email,business_phone',
    `Dos Pestañas ${unique},Ana Ruiz,pestanas${unique}@correo.test,${phone(0)}`,
    ...Array.from({ length: 99_999 }, (_, i) => `Sin Aplicar ${i},Ana,no-es-correo,${phone(1 + i)}`),
    '',
  ].join('\r\n');

/** What the browser tells a tab shown again (headless Chromium keeps every tab visible). */
const backInFront = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

/** Holds the tab's reads of the import until the returned function is called; its writes go on. */
async function holdReads(page: Page, importId: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/imports/${importId}$`), async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await held;
    // A read the screen gave up on meanwhile has nothing left to answer.
    await route.continue().catch(() => {});
  });
  return release;
}

test.use({ baseURL: IMPORTS_BASE_URL });

test('a tab left on the review shows the import started elsewhere, and its cancel says the import already ended', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, IMPORTS_BASE_URL);
  await page.goto('/importar');
  await page
    .getByLabel('Archivo CSV o XLSX')
    .setInputFiles({ name: 'pestanas.csv', mimeType: 'text/csv', buffer: Buffer.from(longCsv()) });
  const columns = page.getByRole('heading', { name: /Columnas de «pestanas\.csv»/ });
  await expect(columns).toBeVisible({ timeout: 120_000 });
  const importId = new URL(page.url()).searchParams.get('importacion') ?? '';

  // The other tab previews and starts it; this one still shows its review.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByRole('button', { name: 'Ver vista previa' }).click({ timeout: 120_000 });
  await other.getByRole('button', { name: 'Importar 1 negocio' }).click({ timeout: 120_000 });
  const running = /Importando negocios|Importación en cola/;
  const otherProgress = other.getByRole('region', { name: running });
  await otherProgress.getByRole('button', { name: 'Cancelar importación' }).click();
  await expect(columns).toBeVisible();

  // Back in front, this tab shows the progress instead of its review.
  await page.bringToFront();
  await backInFront(page);
  const progress = page.getByRole('region', { name: running });
  await expect(progress).toBeVisible();
  await expect(columns).toHaveCount(0);

  // This tab asks to cancel while its reads wait; the other tab cancels first.
  await progress.getByRole('button', { name: 'Cancelar importación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar importación' });
  const confirm = dialog.getByRole('button', { name: 'Cancelar importación' });
  await expect(confirm).toBeVisible();
  const releaseReads = await holdReads(page, importId);
  await other
    .getByRole('dialog', { name: 'Cancelar importación' })
    .getByRole('button', { name: 'Cancelar importación' })
    .click();
  await expect(other.getByRole('alert').filter({ hasText: 'Importación cancelada' })).toBeVisible({
    timeout: 30_000,
  });

  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/cancel'),
  );
  await confirm.focus();
  await page.keyboard.press('Enter');
  expect((await answer).status()).toBe(409);
  const ended = dialog.getByRole('alert');
  await expect(ended).toContainText('La importación ya terminó');
  await expect(ended).toContainText(
    'Quizá se canceló en otra pestaña o acabó mientras tanto: ya no hay nada que cancelar.',
  );
  await expect(dialog).not.toContainText('No se pudo cancelar');
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Aceptar', exact: true })).toBeFocused();
  expect(await dialogViolations(page)).toEqual([]);
  if (process.env.E2E_SHOTS_DIR) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/import-cancel-ended-${width}.png` });
    }
  }

  // Once read, the import shows how it ended, the focus on its result.
  releaseReads();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Importación cancelada' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeFocused();
});
