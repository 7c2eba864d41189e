// Importing businesses from a spreadsheet: 'Importar' in the directory, a small CSV with one good
// row and one in error, the mapping, the preview with the row's message, the import in the
// background (its page survives a reload), a result that warns of the row not imported and lists
// it, 'Descargar errores', 'Descargar resultado por fila'
// (the created business with its registry number, the row in error), the owners' access mails
// with 'Reintentar envíos', 'Cancelar importación' on a running import, a stopped import's
// reason and next step, and 'Descartar y elegir otro archivo' out of a wrong file. axe on each step.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { IMPORTS_BASE_URL } from './support/env.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const unique = `${Date.now()}`.slice(-7);
const phone = (n: number) => `939${String((Number(unique) + n) % 10_000_000).padStart(7, '0')}`;

/** One row to create and one in error (its email), unique to this run and width. */
const csvFor = (width: number) =>
  [
    'business_name,business_owner,business_email,business_phone,business_category',
    `Panadería Importada ${unique}-${width},Carmen Ríos,importada${unique}.${width}@correo.test,${phone(width)},Panaderías`,
    `Fila Con Error ${unique}-${width},Luis Vega,no-es-correo,${phone(width + 1)},`,
    '',
  ].join('\r\n');

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const width of [1440, 390]) {
  test(`imports a small CSV end to end, with its error row, 'Descargar errores' and 'Descargar resultado por fila' (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/admin-dashboard?tab=buscar');
    const importLink = page.getByRole('link', { name: 'Importar', exact: true });
    await expect(importLink).toBeVisible({ timeout: 15_000 });
    await shot(page, `import-directory-${width}`);
    await importLink.click();
    await expect(page).toHaveURL(/\/importar$/);
    await expect(page.getByRole('heading', { name: 'Importar negocios', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `import-start-${width}`);

    const name = `negocios-${width}.csv`;
    await page
      .getByLabel('Archivo CSV o XLSX')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csvFor(width)) });
    await expect(page).toHaveURL(/importacion=[0-9a-f-]{36}/);
    await expect(
      page.getByRole('heading', { name: new RegExp(`Columnas de «${name}» \\(2 filas\\)`) }),
    ).toBeVisible();
    // SPEC's field names map by themselves.
    await expect(page.getByLabel('business_email', { exact: true })).toHaveValue('business_email');
    await expect(page.getByLabel('business_category', { exact: true })).toHaveValue('business_category');

    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await expect(page.getByRole('heading', { name: '2. Vista previa' })).toBeVisible();
    const errors = page.getByRole('table', { name: 'Filas con errores (no se importarán)' });
    await expect(errors.getByRole('row', { name: /Fila Con Error/ })).toContainText(
      'Email: Formato de correo electrónico inválido.',
    );
    await expect(page.getByRole('checkbox', { name: /Enviar acceso a los dueños/ })).not.toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `import-preview-${width}`);

    await page.getByRole('button', { name: 'Importar 1 negocio' }).click();
    // Not a success: one row was not imported. The banner says so, and the result lists that row.
    const warning = page.getByRole('alert').filter({ hasText: 'Importación terminada con errores' });
    await expect(warning).toBeVisible({ timeout: 30_000 });
    // The page is the import's: a reload shows the same result.
    await page.reload();
    await expect(warning).toBeVisible({ timeout: 15_000 });
    await expect(warning).toContainText(
      `Se importó 1 de las 2 filas de «${name}»; 1 fila tiene errores y no se importó.`,
    );
    await expect(page.getByRole('status').filter({ hasText: 'Importación terminada' })).toHaveCount(0);
    const result = page.getByRole('region', { name: 'Resultado' });
    await expect(result.getByText('Creados')).toBeVisible();
    const notImported = result.getByRole('table', { name: 'Filas con errores (no se importaron)' });
    await expect(notImported.getByRole('row')).toHaveCount(2);
    await expect(
      notImported.getByRole('row', { name: new RegExp(`^3 Fila Con Error ${unique}-${width}`) }),
    ).toContainText('Email: Formato de correo electrónico inválido.');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `import-result-${width}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar errores' }).click(),
    ]);
    const text = await readFile((await download.path()) as string, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"business_name","business_owner","business_email","business_phone","business_category","Fila","Error"',
    );
    expect(lines[1]).toContain('"no-es-correo"');
    expect(lines[1]).toContain('Email: Formato de correo electrónico inválido.');

    // What each row did: the created business with the registry number it got, and the row in error.
    const [resultDownload] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Descargar resultado por fila' }).click(),
    ]);
    expect(resultDownload.suggestedFilename()).toBe('resultado-importacion.csv');
    const rows = (await readFile((await resultDownload.path()) as string, 'utf8')).split('\r\n');
    expect(rows[0]).toBe('\uFEFF"Fila","Resultado","Número de registro","Nombre del negocio","Error"');
    expect(rows[1]).toMatch(
      new RegExp(`^"2","Creado","REG\\d+","Panadería Importada ${unique}-${width}",""$`),
    );
    expect(rows[2]).toBe(
      `"3","Error","","Fila Con Error ${unique}-${width}","Email: Formato de correo electrónico inválido."`,
    );
    expect(rows.slice(3)).toEqual(['']);
  });
}

for (const width of [1440, 390]) {
  test(`row errors say what the staff forms say, and the master's recent imports say who ran each (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const admin = await signInAsAdmin(page);
    await page.goto('/importar');
    const name = `palabras-${width}.csv`;
    const file = [
      'business_name,business_owner,business_email,business_phone,business_year',
      `Bien ${unique}-${width},Ana Ruiz,bien${unique}.${width}@correo.test,${phone(width + 2)},2001`,
      `,Luis Vega,vacio${unique}.${width}@correo.test,787555,1800`,
      `Correo ${unique}-${width},Rita Paz,no-es-correo,${phone(width + 3)},`,
      '',
    ].join('\r\n');
    await page
      .getByLabel('Archivo CSV o XLSX')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    const errors = page.getByRole('table', { name: 'Filas con errores (no se importarán)' });
    // The words of 'Registrar Nuevo Negocio' and 'Editar datos', each line ending with a period.
    await expect(errors.getByRole('listitem')).toHaveText([
      'Nombre: El nombre del negocio es requerido.',
      'Teléfono: El número de teléfono debe tener 10 dígitos.',
      `Año: El año debe estar entre 1900 y ${new Date().getFullYear()}.`,
      'Email: Formato de correo electrónico inválido.',
    ]);
    await shot(page, `import-words-preview-${width}`);
    await page.getByRole('button', { name: 'Importar 1 negocio' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Importación terminada con errores' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('table', { name: 'Filas con errores (no se importaron)' }).getByRole('listitem'),
    ).toHaveText([
      'Nombre: El nombre del negocio es requerido.',
      'Teléfono: El número de teléfono debe tener 10 dígitos.',
      `Año: El año debe estar entre 1900 y ${new Date().getFullYear()}.`,
      'Email: Formato de correo electrónico inválido.',
    ]);
    // «Descargar errores», quoted as the screen quotes a button's name.
    await expect(page.getByText(/descárguelas con «Descargar errores»/)).toBeVisible();

    // The admin's own list names no one; the master's names who started each import.
    await page.getByRole('button', { name: 'Importar otro archivo' }).click();
    const own = page.getByRole('region', { name: 'Importaciones recientes' });
    await expect(own.getByRole('listitem').filter({ hasText: name })).toContainText('Terminada con errores');
    await expect(own.getByText(/^por /)).toHaveCount(0);

    const master = await browser.newPage({ viewport: { width, height: 900 } });
    await signInAsMaster(master);
    await master.goto('/importar');
    const masterName = `maestro-${width}.csv`;
    await master.getByLabel('Archivo CSV o XLSX').setInputFiles({
      name: masterName,
      mimeType: 'text/csv',
      buffer: Buffer.from(`business_name\r\nDel Maestro ${unique}\r\n`),
    });
    await master.getByRole('button', { name: 'Descartar y elegir otro archivo' }).waitFor();
    await master.goto('/importar');
    const recent = master.getByRole('region', { name: 'Importaciones recientes' });
    const adminRow = recent.getByRole('listitem').filter({ hasText: name });
    await expect(adminRow).toContainText('Terminada con errores');
    await expect(adminRow.getByText(`por ${admin.email}`)).toBeVisible();
    const masterRow = recent.getByRole('listitem').filter({ hasText: masterName });
    await expect(masterRow).toContainText('Subida');
    await expect(masterRow.getByText('por Usuario maestro')).toBeVisible();
    // '3 filas' and the date with its time each stay on one line.
    for (const piece of [adminRow.getByText('3 filas'), adminRow.getByText(/\d{1,2}:\d{2}/)]) {
      const box = await piece.boundingBox();
      expect(box?.height).toBeLessThan(24);
    }
    expect(await seriousViolations(master)).toEqual([]);
    await shot(master, `import-recent-master-${width}`);
    await master.close();
  });
}

for (const width of [1440, 390]) {
  test(`'Descartar y elegir otro archivo' discards a wrong file at its columns (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/importar');
    await page.getByLabel('Archivo CSV o XLSX').setInputFiles({
      name: 'sin-columnas.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b,c\r\n1,2,3\r\n'),
    });
    await expect(
      page.getByRole('heading', { name: '1. Columnas de «sin-columnas.csv» (1 fila)' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Faltan campos obligatorios' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `import-wrong-file-${width}`);

    const discarded = new URL(page.url()).searchParams.get('importacion');
    const listRead = page.waitForResponse(
      (res) => res.request().method() === 'GET' && /\/business-import\/api\/v1\/imports$/.test(res.url()),
    );
    await page.getByRole('button', { name: 'Descartar y elegir otro archivo' }).click();
    await expect(page).toHaveURL(/\/importar$/);
    await expect(page.getByRole('button', { name: 'Elegir archivo' })).toBeFocused();
    await expect(page.getByText('Se descartó «sin-columnas.csv».')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Columnas de/ })).toHaveCount(0);
    // Gone from the server: the recent imports, read again, do not have it.
    const listed = (await (await listRead).json()).imports.map((i: { import_id: string }) => i.import_id);
    expect(discarded).toMatch(/^[0-9a-f-]{36}$/);
    expect(listed).not.toContain(discarded);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await shot(page, `import-choose-again-${width}`);

    // The right file goes on from there.
    await page.getByLabel('Archivo CSV o XLSX').setInputFiles({
      name: `bueno-${width}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csvFor(width + 2)),
    });
    await expect(
      page.getByRole('heading', { name: `1. Columnas de «bueno-${width}.csv» (2 filas)` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ver vista previa' })).toBeEnabled();
  });
}

/**
 * A file the job takes several seconds over: one new business (so it can be started) and then the
 * rest of the most rows a file may have, each in error (its email): they write nothing to the
 * directory.
 */
const longCsv = () =>
  [
    'business_name,business_owner,business_email,business_phone',
    `Antes De Cancelar ${unique},Ana Ruiz,cancelar${unique}@correo.test,${phone(9)}`,
    ...Array.from({ length: 99_999 }, (_, i) => `Sin Aplicar ${i},Ana,no-es-correo,${phone(10 + i)}`),
    '',
  ].join('\r\n');

// 100,000 rows hold the embedded database for seconds at a time: on a server of their own.
test.describe('a long import', () => {
  test.use({ baseURL: IMPORTS_BASE_URL });

  test("'Cancelar importación' stops a running import after its batch in progress, and says what it left unapplied", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAsAdmin(page, IMPORTS_BASE_URL);
    await page.goto('/importar');
    await page
      .getByLabel('Archivo CSV o XLSX')
      .setInputFiles({ name: 'larga.csv', mimeType: 'text/csv', buffer: Buffer.from(longCsv()) });
    await expect(page.getByRole('heading', { name: /Columnas de «larga\.csv»/ })).toBeVisible({
      timeout: 120_000,
    });
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await expect(page.getByRole('heading', { name: '2. Vista previa' })).toBeVisible({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Importar 1 negocio' }).click();

    // Straight on while the job runs (the dialog's other ways are the component tests').
    const progress = page.getByRole('region', { name: /Importando negocios|Importación en cola/ });
    await progress.getByRole('button', { name: 'Cancelar importación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar importación' });
    await expect(dialog).toContainText('«No aplicado: importación cancelada»');
    expect(await seriousViolations(page)).toEqual([]);
    const cancel = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/cancel'),
    );
    await dialog.getByRole('button', { name: 'Cancelar importación' }).click();
    expect((await cancel).status()).toBe(202);
    await expect(dialog).toHaveCount(0);

    const banner = page.getByRole('alert').filter({ hasText: 'Importación cancelada' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText(
      /Se procesaron [\d,]+ de 100,000 filas antes de cancelar; las [\d,]+ restantes no se aplicaron\./,
    );
    // The page is the import's: a reload shows the same end.
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 15_000 });
    const result = page.getByRole('region', { name: 'Resultado' });
    await expect(result.getByText('Creados')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Each row run has its result; each row after the cancel is marked not applied.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Descargar resultado por fila' }).click(),
    ]);
    const rows = (await readFile((await download.path()) as string, 'utf8')).split('\r\n');
    expect(rows[1]).toMatch(new RegExp(`^"2","Creado","REG\\d+","Antes De Cancelar ${unique}",""$`));
    expect(rows).toHaveLength(100_002);
    expect(rows.at(-2)).toBe('"100001","No aplicado: importación cancelada","","Sin Aplicar 99998",""');

    // The recent imports list it as cancelled.
    await result.getByRole('button', { name: 'Importar otro archivo' }).click();
    const recent = page.getByRole('region', { name: 'Importaciones recientes' });
    await expect(recent.getByRole('listitem').filter({ hasText: 'larga.csv' }).first()).toContainText(
      'Cancelada',
    );
  });
});

test('a stopped import says why, what it left unapplied and what to do with it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/importar');
  const file = [
    'business_name,business_owner,business_email,business_phone',
    `Detenida ${unique},Ana Ruiz,detenida${unique}@correo.test,${phone(8)}`,
    '',
  ].join('\r\n');
  await page
    .getByLabel('Archivo CSV o XLSX')
    .setInputFiles({ name: 'detenida.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page).toHaveURL(/importacion=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('importacion');
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await page.getByRole('button', { name: 'Importar 1 negocio' }).click();
  await expect(page.getByText('Importación terminada')).toBeVisible({ timeout: 30_000 });

  // Its admin was suspended after 500 of 1,200 rows (the server's tests stop real ones): the
  // answer is made to say so.
  await page.route(`**/business-import/api/v1/imports/${id}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    Object.assign(body.import, {
      status: 'failed',
      failure_reason: 'owner_inactive',
      row_results: 'all',
      total_rows: 1200,
      processed_rows: 500,
      summary: { create: 500, update: 0, unchanged: 0, error: 0 },
    });
    return route.fulfill({ response, json: body });
  });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: 'La importación se detuvo' });
    await expect(banner).toContainText(
      'El administrador que la inició ya no está activo. Se procesaron 500 de 1,200 filas antes de detenerse; las 700 restantes no se aplicaron.',
    );
    await expect(banner).toContainText(
      'El resultado por fila las marca como «No aplicado: la importación se detuvo». Para aplicarlas, vuelva a importar esas filas desde una cuenta activa.',
    );
    await expect(page.getByRole('button', { name: 'Descargar resultado por fila' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `import-stopped-${width}`);
  }
});

test('recent imports that could not be read say so, with Reintentar', async ({ page }) => {
  let failing = true;
  await page.route('**/business-import/api/v1/imports', (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { success: false, error: 'Service temporarily unavailable' } })
      : route.continue(),
  );
  await signInAsAdmin(page);
  await page.goto('/importar');
  const failure = page
    .getByRole('alert')
    .filter({ hasText: 'No se pudieron cargar las importaciones recientes' });
  await expect(failure).toContainText('El servicio no está disponible');
  failing = false;
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(failure).toHaveCount(0);
});

test("with 'Enviar acceso a los dueños' the result says the mails went out, and sends failed ones again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/importar');
  const file = [
    'business_name,business_owner,business_email,business_phone,business_category',
    `Acceso Dueños ${unique},Marta Soto,acceso${unique}@correo.test,${phone(7)},`,
    '',
  ].join('\r\n');
  await page
    .getByLabel('Archivo CSV o XLSX')
    .setInputFiles({ name: 'acceso.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page).toHaveURL(/importacion=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('importacion');
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await page.getByRole('checkbox', { name: /Enviar acceso a los dueños/ }).check();
  await page.getByRole('button', { name: 'Importar 1 negocio' }).click();
  await expect(page.getByText('Se procesó la fila de «acceso.csv».')).toBeVisible({ timeout: 30_000 });
  const sent = page.getByText('Se envió 1 email con la contraseña temporal al dueño.');
  await expect(sent).toBeVisible({ timeout: 30_000 });

  // The mail server refused it on every try: the result warns, and 'Reintentar envíos' asks the
  // server to send it again (this import's mail went out, so the server's answer says so).
  let refused = true;
  await page.route(`**/business-import/api/v1/imports/${id}`, async (route) => {
    if (!refused) return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    body.import.owner_access = { sent: 0, pending: 0, in_trash: 0, failed: 1, cancelled: 0 };
    return route.fulfill({ response, json: body });
  });
  await page.reload();
  const warning = page.getByRole('alert').filter({ hasText: 'Un dueño no recibió su acceso' });
  await expect(warning).toContainText('1 email no se pudo enviar después de varios intentos.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'import-mail-failed-1440');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'import-mail-failed-390');
  refused = false;
  // By keyboard: a retry that got no answer (offline) gives the focus back to its button, disabled
  // meanwhile; one that went through takes the banner, and the button, away: 'Resultado' takes it.
  const retryUrl = `**/business-import/api/v1/imports/${id}/owner-access/retry`;
  await page.route(retryUrl, (route) => route.abort('internetdisconnected'), { times: 1 });
  const retryButton = warning.getByRole('button', { name: 'Reintentar envíos' });
  await retryButton.focus();
  await page.keyboard.press('Enter');
  await expect(warning).toContainText('Error de conexión. Por favor intente nuevamente.');
  await expect(retryButton).toBeEnabled();
  await expect(retryButton).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'import-mail-retry-refused-390');
  const retry = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/imports/${id}/owner-access/retry`),
  );
  await page.keyboard.press('Enter');
  await retry;
  await expect(sent).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeFocused();
  await shot(page, 'import-mail-sent-390');
});

test('by keyboard alone, each step of the import keeps the focus: on its heading, or back on the button that worked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/importar');
  // What Excel on Windows writes: Windows-1252, ';' between cells.
  const csv = [
    'Nombre;Dueño;Correo;Teléfono;Categoría',
    `Café Ñandú ${unique};José Pérez;teclado${unique}@correo.test;${phone(3)};Cafés`,
    `Fila Mala ${unique};Ana Díaz;no-es-correo;${phone(4)};`,
  ].join('\r\n');
  const choose = page.getByRole('button', { name: 'Elegir archivo' });
  await choose.focus();
  // The file picker is the browser's own: the file is set on the input the button opens.
  await page
    .getByLabel('Archivo CSV o XLSX')
    .setInputFiles({ name: 'teclado.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
  await expect(page.getByRole('heading', { name: /Columnas de «teclado\.csv»/ })).toBeFocused();

  await page.getByRole('button', { name: 'Ver vista previa' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '2. Vista previa' })).toBeFocused();

  await page.getByRole('button', { name: 'Importar 1 negocio' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Importación terminada')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeFocused();

  const errors = page.getByRole('button', { name: 'Descargar errores' });
  await page.keyboard.press('Tab');
  await expect(errors).toBeFocused();
  await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(errors).toBeEnabled();
  await expect(errors).toBeFocused();

  await page.getByRole('button', { name: 'Importar otro archivo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Arrastre aquí su hoja de cálculo' })).toBeFocused();
});
