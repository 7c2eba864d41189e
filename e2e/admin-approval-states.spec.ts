// 'Aprobar Admins': the 50-admin limit of a bulk selection across pages, the list's empty,
// no-results and error states, its sort row at 390 px, and the master's 2FA policy switch.
import { expect, type Locator, type Page, test } from '@playwright/test';
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
    const failure = page.getByRole('alert').filter({ hasText: 'Error al cargar los administradores' });
    await expect(failure).toContainText('No se pudieron cargar las cuentas de administrador.');
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'No hay administradores' })).toBeVisible();
    await expect(page.getByText('Todavía no se ha registrado ningún administrador.')).toBeVisible();
  });
});

test('at 390 px the sort controls line up: each label above its select, in two columns', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApproval(page);
  const box = async (target: Locator) => {
    await expect(target).toBeVisible();
    return (await target.boundingBox())!;
  };
  const [sortLabel, sizeLabel, sortBy, order, size] = await Promise.all([
    box(page.getByText('Ordenar por', { exact: true })),
    box(page.getByText('Filas por página', { exact: true })),
    box(page.getByRole('combobox', { name: 'Ordenar por' })),
    box(page.getByRole('combobox', { name: 'Sentido del orden' })),
    box(page.getByRole('combobox', { name: 'Filas por página' })),
  ]);
  // Each label above its select, where the select starts.
  for (const [label, select] of [
    [sortLabel, sortBy],
    [sizeLabel, size],
  ] as const) {
    expect(label.x).toBeCloseTo(select.x, 1);
    expect(label.y + label.height).toBeLessThanOrEqual(select.y);
  }
  // The two labels on one line and their selects on the next, 'Filas por página' to the right.
  expect(sizeLabel.y).toBeCloseTo(sortLabel.y, 1);
  expect(size.y).toBeCloseTo(sortBy.y, 1);
  expect(size.x).toBeGreaterThan(sortBy.x + sortBy.width);
  // The direction under 'Ordenar por', as wide as it.
  expect(order.x).toBeCloseTo(sortBy.x, 1);
  expect(order.width).toBeCloseTo(sortBy.width, 1);
  expect(order.y).toBeGreaterThan(sortBy.y + sortBy.height);
});

test.describe('Aprobar Admins: the 2FA policy switch', () => {
  const POLICY = /\/two-factor\/api\/v1\/policy$/;
  const policy = { success: true, updated_at: null, updated_by: 'Master' };

  test('requiring it asks first: Cancelar sends nothing, Exigir sends once, the focus returns to the switch', async ({
    page,
  }) => {
    // Answered here: the server's policy, which binds every admin's sign-in, stays as it is.
    const puts: unknown[] = [];
    await page.route(POLICY, (route) => {
      if (route.request().method() === 'GET') {
        return route.fulfill({ json: { ...policy, admins_require_2fa: false } });
      }
      puts.push(route.request().postDataJSON());
      return route.fulfill({ json: { ...policy, admins_require_2fa: true, admins_signed_out: 3 } });
    });
    await openApproval(page);
    const toggle = page.getByRole('switch', { name: /Verificación en dos pasos obligatoria/ });
    const dialog = page.getByRole('dialog', { name: 'Exigir verificación en dos pasos' });

    await toggle.click();
    await expect(dialog).toContainText(
      'Los administradores que aún no la tienen deberán configurarla la próxima vez que inicien sesión',
    );
    await expect(dialog).toContainText('Las sesiones abiertas de esos administradores se cerrarán ahora.');
    expect(await seriousViolations(page, { include: '[role="dialog"]', allRules: true })).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(puts).toEqual([]);

    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Exigir verificación' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toBeFocused();
    await expect(
      page.getByText(
        'Se cerraron las sesiones de 3 administradores sin ella; la configurarán al volver a entrar.',
      ),
    ).toBeVisible();
    expect(puts).toEqual([{ admins_require_2fa: true }]);
  });

  test('a policy that could not be read says so with Reintentar, and shows no switch until it is read', async ({
    page,
  }) => {
    let failing = true;
    await page.route(POLICY, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { success: false, error: 'Internal server error' } })
        : route.fulfill({ json: { ...policy, admins_require_2fa: true } }),
    );
    await openApproval(page);
    const failure = page
      .getByRole('alert')
      .filter({ hasText: 'No se pudo cargar la política de verificación en dos pasos' });
    await expect(failure).toContainText('Error interno del servidor.');
    await expect(page.getByRole('switch')).toHaveCount(0);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    failing = false;
    await failure.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('switch', { name: /Verificación en dos pasos obligatoria/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(failure).toHaveCount(0);
  });
});
