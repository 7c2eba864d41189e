// In the portal: the directory's sort and page size in the URL, saved views as chips
// (save, reload, open, rename, delete), each person's views their own, a stale view opening with
// what still validates; the admin and audit lists' sort controls; axe with the chips.
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { SEEDED_BASE_URL } from './support/env.ts';
import { createAdmin, signInAsMaster, signInThroughScreen, type TestAdmin } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const VIEWS = '/admin/saved-views/api/v1/saved-views';
const table = (page: Page) => page.getByRole('table', { name: 'Negocios' });
const chips = (page: Page) => page.getByRole('list', { name: 'Vistas guardadas' });
/** A toast (sonner's list in the 'Notificaciones' live region) that says `text`. */
const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notificaciones/ })
    .getByRole('listitem')
    .filter({ hasText: text });

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The names of the rows shown, top to bottom. */
async function shownNames(page: Page): Promise<string[]> {
  const rows = table(page).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td p')?.textContent?.trim() ?? ''));
}

async function adminApi(
  admin: TestAdmin,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL: SEEDED_BASE_URL });
  const login = await api.post('/auth/login', { data: { email: admin.email, password: admin.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  return { api, headers: { Authorization: `Bearer ${jwt}`, 'X-Admin-Id': String(admin.adminId) } };
}

async function signInAs(page: Page, admin: TestAdmin) {
  await signInThroughScreen(page, admin.email, admin.password, SEEDED_BASE_URL);
}

test.describe('directory sort and page size', () => {
  test('sort by name ascending lists names in order; 25 rows a page stays in the URL over a reload', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.getByLabel('Ordenar por').selectOption({ label: 'Nombre' });
    await expect(page).toHaveURL(/orden=nombre/);
    await expect(page.getByLabel('Sentido del orden')).toHaveValue('asc');
    await expect(async () => {
      const names = (await shownNames(page)).map(plain);
      expect(names.length).toBe(10);
      for (let i = 1; i < names.length; i += 1) {
        const before = names[i - 1] as string;
        const after = names[i] as string;
        expect(before <= after || before.localeCompare(after, 'es') <= 0, `${before} / ${after}`).toBe(true);
      }
    }).toPass();
    const ascFirst = (await shownNames(page))[0];

    await page.getByLabel('Sentido del orden').selectOption('desc');
    await expect(page).toHaveURL(/sentido=desc/);
    await expect.poll(async () => (await shownNames(page))[0]).not.toBe(ascFirst);

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await page.getByLabel('Filas por página').selectOption('25');
    await expect(page).toHaveURL(/filas=25/);
    await expect(page).not.toHaveURL(/pagina=/);
    await expect(table(page).locator('tbody tr')).toHaveCount(25);
    await page.reload();
    await expect(page.getByLabel('Filas por página')).toHaveValue('25');
    await expect(page.getByLabel('Ordenar por')).toHaveValue('name');
    await expect(table(page).locator('tbody tr')).toHaveCount(25);
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText('Mostrando 1-25 de');
  });
});

test.describe('saved views', () => {
  test('save, reload, open from its chip, rename, delete; another admin sees none and gets 404', async ({
    page,
  }) => {
    const [owner, other] = await Promise.all([
      createAdmin('active', SEEDED_BASE_URL),
      createAdmin('active', SEEDED_BASE_URL),
    ]);
    await signInAs(page, owner);
    await page.getByLabel('Ordenar por').selectOption({ label: 'Nombre' });
    await expect(page).toHaveURL(/orden=nombre/);
    await page.getByLabel('Filas por página').selectOption('25');
    // Each choice is in the URL before the next one, as a person's pace gives: a search typed
    // within the same frame as a choice can still write over it (see the session's note).
    await expect(page).toHaveURL(/filas=25/);
    await page.getByRole('searchbox').first().fill('pan');
    await expect(page).toHaveURL(/q=pan/);
    await expect(page).toHaveURL(/filas=25/);
    const saved = page.url();

    await page.getByRole('button', { name: 'Guardar vista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar vista' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'El nombre de la vista debe tener entre 1 y 60 caracteres.',
    );
    await dialog.getByLabel('Nombre de la vista').fill('x'.repeat(61));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'El nombre de la vista debe tener entre 1 y 60 caracteres.',
    );
    await dialog.getByLabel('Nombre de la vista').fill('Panaderías por nombre');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      chips(page).getByRole('button', { name: 'Panaderías por nombre', exact: true }),
    ).toBeVisible();

    // Somewhere else, reload, then back through the chip.
    await page.goto('/admin-dashboard');
    await page.reload();
    await expect(page).not.toHaveURL(/q=pan/);
    await chips(page).getByRole('button', { name: 'Panaderías por nombre', exact: true }).click();
    await expect(page).toHaveURL(/q=pan/);
    for (const part of ['orden=nombre', 'filas=25']) await expect(page).toHaveURL(new RegExp(part));
    expect(new URL(page.url()).searchParams.get('q')).toBe(new URL(saved).searchParams.get('q'));
    await expect(page.getByLabel('Filas por página')).toHaveValue('25');
    await expect(
      chips(page).getByRole('button', { name: 'Panaderías por nombre', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');

    await chips(page).getByRole('button', { name: 'Opciones de la vista Panaderías por nombre' }).click();
    const manage = page.getByRole('dialog', { name: 'Vista «Panaderías por nombre»' });
    await manage.getByLabel('Nombre de la vista').fill('Panaderías A-Z');
    await manage.getByRole('button', { name: 'Renombrar' }).click();
    await expect(manage).toBeHidden();
    await expect(toast(page, 'Se renombró la vista a «Panaderías A-Z».')).toBeVisible();
    await expect(chips(page).getByRole('button', { name: 'Panaderías A-Z', exact: true })).toBeVisible();

    // The other admin: no chips, and 404 on the owner's view through the API.
    const ownerApi = await adminApi(owner);
    const otherApi = await adminApi(other);
    try {
      const list = await ownerApi.api.get(VIEWS, { headers: ownerApi.headers });
      const { saved_views: views } = (await list.json()) as { saved_views: { id: number; name: string }[] };
      expect(views.map((view) => view.name)).toEqual(['Panaderías A-Z']);
      const id = views[0]?.id;
      const theirs = await otherApi.api.get(VIEWS, { headers: otherApi.headers });
      expect(((await theirs.json()) as { saved_views: unknown[] }).saved_views).toEqual([]);
      const renamed = await otherApi.api.patch(`${VIEWS}/${id}`, {
        headers: otherApi.headers,
        data: { name: 'Mía' },
      });
      expect(renamed.status()).toBe(404);
      const deleted = await otherApi.api.delete(`${VIEWS}/${id}`, { headers: otherApi.headers });
      expect(deleted.status()).toBe(404);
    } finally {
      await Promise.all([ownerApi.api.dispose(), otherApi.api.dispose()]);
    }
    const otherPage = await page.context().browser()!.newPage({ baseURL: SEEDED_BASE_URL });
    try {
      await signInAs(otherPage, other);
      await expect(otherPage.getByRole('button', { name: 'Guardar vista' })).toBeVisible();
      await expect(chips(otherPage)).toHaveCount(0);
    } finally {
      await otherPage.close();
    }

    await chips(page).getByRole('button', { name: 'Opciones de la vista Panaderías A-Z' }).click();
    await manage.page().getByRole('dialog').getByRole('button', { name: 'Eliminar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar vista' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toast(page, 'Se eliminó la vista «Panaderías A-Z».')).toBeVisible();
    await expect(chips(page)).toHaveCount(0);
  });

  test('moves a view and opens a stale one with what still validates, saying what was dropped', async ({
    page,
  }) => {
    const owner = await createAdmin('active', SEEDED_BASE_URL);
    const { api, headers } = await adminApi(owner);
    try {
      for (const [name, query] of [
        ['Retirada', { category: 'Categoría que ya no existe', search: 'café', limit: '50' }],
        ['Segunda', { sort_by: 'name' }],
      ] as const) {
        const created = await api.post(VIEWS, { headers, data: { name, query } });
        expect(created.status(), await created.text()).toBe(201);
      }
    } finally {
      await api.dispose();
    }
    await signInAs(page, owner);
    const names = chips(page).getByRole('listitem');
    await expect(names).toHaveText(['Retirada', 'Segunda']);
    await chips(page).getByRole('button', { name: 'Opciones de la vista Segunda' }).click();
    // By keyboard: the view reaches the start, so that button stays off and the focus goes to the other.
    await page.getByRole('dialog').getByRole('button', { name: 'Mover a la izquierda' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Mover a la izquierda' }),
    ).toBeDisabled();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Mover a la derecha' })).toBeFocused();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
    await expect(names).toHaveText(['Segunda', 'Retirada']);
    await page.reload();
    await expect(names).toHaveText(['Segunda', 'Retirada']);

    await chips(page).getByRole('button', { name: 'Retirada', exact: true }).click();
    await expect(page.getByText('Se omitió el filtro Categoría: ya no existe.')).toBeVisible();
    await expect(page).toHaveURL(/filas=50/);
    await expect(page).not.toHaveURL(/categoria=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('café');
  });

  test('axe finds nothing serious with the chips at 1440 and 390', async ({ page }) => {
    const owner = await createAdmin('active', SEEDED_BASE_URL);
    const { api, headers } = await adminApi(owner);
    try {
      for (const name of ['Panaderías sin verificar en Ponce', 'Restaurantes por nombre', 'Últimos 50'])
        await api.post(VIEWS, { headers, data: { name, query: { sort_by: 'name', limit: '25' } } });
    } finally {
      await api.dispose();
    }
    await signInAs(page, owner);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(chips(page).getByRole('listitem')).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `/tmp/shots/helper-views-portal/directory-chips-${width}.png`,
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Guardar vista' }).evaluate((button) => button.scrollIntoView());
      await page.screenshot({ path: `/tmp/shots/helper-views-portal/directory-chips-${width}-near.png` });
      await page.getByRole('button', { name: 'Guardar vista' }).click();
      await page.screenshot({ path: `/tmp/shots/helper-views-portal/save-dialog-${width}.png` });
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('admin and audit list sort', () => {
  test("'Aprobar Admins' sorts by email and shows 50 rows a page, through the URL and the list call", async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
    const sortBy = page.getByLabel('Ordenar por');
    await expect(sortBy).toHaveValue('created_at');
    const call = page.waitForRequest((req) => new URL(req.url()).searchParams.get('sort_by') === 'email');
    await sortBy.selectOption({ label: 'Email' });
    const sent = new URL((await call).url()).searchParams;
    expect(sent.get('sort_order')).toBe('asc');
    await expect(page).toHaveURL(/orden=email/);
    const sized = page.waitForRequest((req) => new URL(req.url()).searchParams.get('page_size') === '50');
    await page.getByLabel('Filas por página').selectOption('50');
    expect(new URL((await sized).url()).searchParams.get('sort_by')).toBe('email');
    await expect(page).toHaveURL(/filas=50/);
    await page.reload();
    await expect(page.getByLabel('Ordenar por')).toHaveValue('email');
    await expect(page.getByLabel('Filas por página')).toHaveValue('50');
  });

  test('the audit list sorts by staff member, descending, through the URL and the list call', async ({
    page,
  }) => {
    await signInAsMaster(page);
    await page.getByRole('tab', { name: 'Auditoría' }).click();
    const call = page.waitForRequest(
      (req) =>
        new URL(req.url()).searchParams.get('sort_by') === 'staff' &&
        new URL(req.url()).searchParams.get('sort_order') === 'desc',
    );
    await page.getByLabel('Ordenar por').selectOption({ label: 'Miembro del personal' });
    await expect(page.getByLabel('Sentido del orden')).toHaveValue('asc');
    await page.getByLabel('Sentido del orden').selectOption('desc');
    await call;
    await expect(page).toHaveURL(/orden=staff/);
    await expect(page).toHaveURL(/sentido=desc/);
    const sized = page.waitForRequest((req) => new URL(req.url()).searchParams.get('limit') === '10');
    await page.getByLabel('Filas por página').selectOption('10');
    await sized;
    await page.reload();
    await expect(page.getByLabel('Ordenar por')).toHaveValue('staff');
    await expect(page.getByLabel('Filas por página')).toHaveValue('10');
  });
});

test('saved views that could not be read say so, and Reintentar reads them again', async ({ page }) => {
  let failing = true;
  await page.route('**/saved-views/api/v1/saved-views', (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { success: false, error: 'Service temporarily unavailable' } })
      : route.continue(),
  );
  await signInAsMaster(page);
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar sus vistas guardadas.' });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Guarde la búsqueda actual para volver a ella en un clic.')).toHaveCount(0);
  failing = false;
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(failure).toHaveCount(0);
  await expect(
    page
      .getByRole('list', { name: 'Vistas guardadas' })
      .or(page.getByText('Guarde la búsqueda actual para volver a ella en un clic.')),
  ).toBeVisible();
});
