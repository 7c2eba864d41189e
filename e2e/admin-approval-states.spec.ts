// 'Aprobar Admins': the 50-admin limit of a bulk selection across pages, and the
// list's empty, no-results and error states.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import { masterApi, signInAsMaster, uniqueEmail } from './support/staff.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';

async function openApproval(page: Page, query = '') {
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=aprobar-admins${query}`);
  await expect(page.getByRole('heading', { name: 'Aprobar Admins' })).toBeVisible();
}

test.describe('Aprobar Admins: selection limit', () => {
  // One last name for this run's 51 admins (letters only, as the portal's name fields take).
  const token = `Lote${Date.now().toString(36)}${process.pid}`.replace(
    /[0-9]/g,
    (digit) => 'abcdefghij'[Number(digit)]!,
  );
  const ids: number[] = [];
  const emails: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const { api, headers } = await masterApi(BASE_URL);
    try {
      for (let batch = 0; batch < 51; batch += 10) {
        const created = await Promise.all(
          Array.from({ length: Math.min(10, 51 - batch) }, () =>
            api.post(ADMINS, {
              headers,
              data: {
                admin_first_name: 'Selección',
                admin_last_name: token,
                admin_email: uniqueEmail('lote'),
                admin_password: 'Prueba#2026abc',
                access_status: 'pending',
              },
            }),
          ),
        );
        for (const response of created) {
          expect(response.status()).toBe(201);
          const body = (await response.json()) as { admin_id: number; admin: { admin_email: string } };
          ids.push(body.admin_id);
          emails.push(body.admin.admin_email);
        }
      }
    } finally {
      await api.dispose();
    }
  });

  test.afterAll(async () => {
    const { api, headers } = await masterApi(BASE_URL);
    for (let start = 0; start < ids.length; start += 50) {
      await api.post(`${ADMINS}/bulk`, {
        headers,
        data: { action: 'delete', admin_ids: ids.slice(start, start + 50) },
      });
    }
    await api.dispose();
  });

  test('takes 50 admins across pages and refuses the 51st with SPEC’s message', async ({ page }) => {
    await openApproval(page, `&buscar=${token}`);
    await expect(page.getByText(`de ${ids.length} administradores`)).toBeVisible();
    const selectPage = page.getByRole('checkbox', { name: 'Seleccionar todos en esta página' });
    const bar = page.getByRole('region', { name: 'Acciones masivas' });

    await selectPage.check();
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect(page).toHaveURL(/pagina=2/);
    // Page 1 stays on screen until page 2 arrives; page 2's rows are not selected yet.
    await expect(selectPage).not.toBeChecked();
    await selectPage.check();
    await expect(bar).toContainText('40 administradores seleccionados');

    await page.getByRole('button', { name: 'Página 3', exact: true }).click();
    const boxes = page.getByRole('checkbox', { name: /^Seleccionar a Selección/ });
    await expect(boxes).toHaveCount(ids.length - 40);
    // A whole page that would pass 50 is refused as a whole.
    await selectPage.click();
    await expect(bar.getByRole('alert')).toHaveText(
      'Se pueden procesar como máximo 50 administradores a la vez.',
    );
    await expect(bar).toContainText('40 administradores seleccionados');

    for (let index = 0; index < 10; index++) await boxes.nth(index).check();
    await expect(bar).toContainText('50 administradores seleccionados');
    await expect(bar.getByRole('alert')).toBeHidden();
    await boxes.nth(10).click();
    await expect(bar.getByRole('alert')).toHaveText(
      'Se pueden procesar como máximo 50 administradores a la vez.',
    );
    await expect(boxes.nth(10)).not.toBeChecked();
    await expect(bar).toContainText('50 administradores seleccionados');

    await bar.getByRole('button', { name: 'Activar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Activar 50 administradores' })).toContainText(
      /y \d+ administradores más/,
    );
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await bar.getByRole('button', { name: 'Limpiar selección' }).click();
    await expect(bar).toBeHidden();
  });

  test('below 768 px the rows are cards with the same actions, and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApproval(page, `&buscar=${emails[0]}`);
    const card = page.getByRole('list', { name: 'Administradores' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: /^Aprobar a Selección/ })).toBeVisible();
    await card.getByRole('checkbox').check();
    await expect(page.getByRole('region', { name: 'Acciones masivas' })).toContainText(
      '1 administrador seleccionado',
    );
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing but a table inside its card may scroll sideways at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('Aprobar Admins: list states', () => {
  test('no results for a search, then an error with Reintentar, then an empty directory', async ({
    page,
  }) => {
    const nothing = `nadie${Date.now().toString(36)}`;
    await openApproval(page, `&estado=all&buscar=${nothing}`);
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).first().click();
    await expect(page).not.toHaveURL(/buscar=/);
    await expect(page).toHaveURL(/tab=aprobar-admins/);

    let failing = true;
    await page.route(
      (url) => url.pathname === ADMINS,
      (route) =>
        failing
          ? route.fulfill({ status: 500, json: { success: false, error: 'Failed to list admin accounts' } })
          : route.fulfill({
              json: {
                success: true,
                admins: [],
                total_count: 0,
                pagination: {
                  currentPage: 1,
                  pageSize: 20,
                  totalPages: 0,
                  totalRecords: 0,
                  hasNext: false,
                  hasPrevious: false,
                },
              },
            }),
    );
    await page.reload();
    await expect(
      page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las cuentas de administrador.' }),
    ).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'No hay administradores' })).toBeVisible();
    await expect(page.getByText('Todavía no se ha registrado ningún administrador.')).toBeVisible();
  });
});
