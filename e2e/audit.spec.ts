// 'Auditoría': a master's action through the portal shows in the audit view,
// found with the filters, exported as CSV; the view is master only and clean under axe.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import {
  registerAuditedBusiness,
  registerBusiness,
  type TestBusiness,
  withMasterApi,
} from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { masterApi, signInAsAdmin, signInAsMaster, uniqueEmail } from './support/staff.ts';

/** Marks the business's email verified through the directory's 'Gestionar Verificación' modal. */
async function verifyEmailThroughDirectory(page: Page, business: TestBusiness) {
  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(business.name);
  await expect(page.getByRole('heading', { name: 'Resultados (1)' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('row').filter({ hasText: business.name });
  await row.getByRole('button', { name: `Gestionar verificación de ${business.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
  await dialog.getByRole('group', { name: 'Email' }).getByRole('switch').click();
  await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 5_000 });
}

/**
 * How many pixels of a box's words (an input's placeholder, a select's chosen option) do not fit
 * between its paddings (<= 0: they read whole).
 */
function textOverflow(box: Locator) {
  return box.evaluate((element: HTMLInputElement | HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // Chromium draws a select's arrow beside its padding, in about 20 px of its own.
    const arrow = element instanceof HTMLSelectElement ? 20 : 0;
    const room =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      arrow;
    const text =
      element instanceof HTMLSelectElement
        ? (element.selectedOptions[0]?.text ?? '')
        : (element as HTMLInputElement).placeholder;
    return context.measureText(text).width - room;
  });
}

async function openAudit(page: Page) {
  await page.getByRole('tab', { name: 'Auditoría' }).click();
  await expect(page).toHaveURL(/\?tab=auditoria/);
  await expect(page.getByRole('heading', { name: /^Auditoría/ })).toBeVisible();
}

test.describe('Auditoría', () => {
  test('a master verifies an email, then finds the action by business and action, and exports it', async ({
    page,
  }) => {
    test.slow(); // a directory search, a modal, the audit tab and a download in one test
    await page.setViewportSize({ width: 1440, height: 900 });
    const business = await registerBusiness();
    await signInAsMaster(page);
    await verifyEmailThroughDirectory(page, business);

    await openAudit(page);
    const filters = page.getByRole('form', { name: 'Filtros de auditoría' });
    await filters.getByLabel('Número de registro').fill(business.registry.toLowerCase());
    await filters.getByLabel('Acción').selectOption({ label: 'Cambio de verificación' });
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();

    await expect(page).toHaveURL(/registro=/);
    await expect(page.getByText('Mostrando 1 de 1 acción')).toBeVisible();
    const table = page.getByRole('table', { name: 'Acciones del personal' });
    const row = table.getByRole('row').filter({ hasText: business.registry });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Cambio de verificación');
    // The master in the portal's words; the server-built export keeps the stored 'Master' (below).
    await expect(row).toContainText('Usuario maestro');
    await expect(row).not.toContainText('Master');
    await expect(row).toContainText('Maestro');
    await expect(row).toContainText('Email verificado: Sí');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText(/Chrome en /);
    const userAgent = await page.evaluate(() => navigator.userAgent);

    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF"ID","Fecha y Hora","Miembro del personal","Rol"')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `"Cambio de verificación","${business.registry}","Email verificado: Sí; Teléfono verificado: No"`,
    );
    expect(lines[1]).toContain('"Master","Maestro"');
    expect(lines[1]).toMatch(/"127\.0\.0\.1","Chrome en [A-Za-z]+","/);
    expect(lines[1]).toContain(`"${userAgent}"`);

    // The staff filter takes the master by the name the portal shows.
    const staff = filters.getByLabel('Miembro del personal');
    await expect(staff).toHaveAttribute('placeholder', 'Email o Usuario maestro');
    // The whole hint fits in the box, in the one row of filters of a wide screen, and so does the action.
    expect(await textOverflow(staff)).toBeLessThanOrEqual(0);
    await filters.getByLabel('Acción').selectOption('');
    expect(await textOverflow(filters.getByLabel('Acción'))).toBeLessThanOrEqual(0);
    await filters.getByLabel('Acción').selectOption({ label: 'Cambio de verificación' });
    await staff.fill('usuario maestro');
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(page).toHaveURL(/personal=usuario\+maestro/);
    await expect(page.getByText('Mostrando 1 de 1 acción')).toBeVisible();
    await expect(row).toContainText('Usuario maestro');

    // A filter nothing matches: the empty state, and 'Limpiar filtros' brings the rows back.
    await filters.getByLabel('Miembro del personal').fill('nadie@ninguno.test');
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
    await expect(page.getByRole('heading', { name: 'No se encontraron acciones' })).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(table.getByRole('row').filter({ hasText: business.registry }).first()).toBeVisible();
    expect(await seriousViolations(page, { allRules: true, withoutToasts: true })).toEqual([]);
  });

  test('names the admins of a bulk action, with their ids, at 1440 and 390 px', async ({ page }) => {
    const ADMINS = '/master/registration/api/v1/admin-registration';
    const ids = await withMasterApi(async (api, headers) => {
      const created: number[] = [];
      for (const [first, last] of [
        ['Ana', 'Rivera'],
        ['Luis', 'Soto'],
      ]) {
        const response = await api.post(ADMINS, {
          headers,
          data: {
            admin_first_name: first,
            admin_last_name: last,
            admin_email: uniqueEmail('masiva'),
            admin_phone: '7875550100',
            admin_password: 'Prueba#2026abc',
            access_status: 'pending',
          },
        });
        expect(response.status(), await response.text()).toBe(201);
        created.push(((await response.json()) as { admin_id: number }).admin_id);
      }
      const bulk = await api.post(`${ADMINS}/bulk`, {
        headers,
        data: { action: 'delete', admin_ids: created },
      });
      expect(bulk.status(), await bulk.text()).toBe(200);
      return created;
    });
    const names = `Administradores: Ana Rivera (#${ids[0]}), Luis Soto (#${ids[1]})`;

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=auditoria&accion=admin_bulk');
    const row = page
      .getByRole('table', { name: 'Acciones del personal' })
      .getByRole('row')
      .filter({ hasText: names });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Acción: Eliminar');
    await expect(row).toContainText('Varios administradores');

    await page.setViewportSize({ width: 390, height: 844 });
    const card = page
      .getByRole('list', { name: 'Acciones del personal' })
      .locator(':scope > li', { hasText: names });
    await expect(card).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, { allRules: true, withoutToasts: true })).toEqual([]);
  });

  test('shows cards at 390 px, with no sideways scroll, and passes axe there', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const business = await registerAuditedBusiness();
    await signInAsMaster(page);
    await page.goto(`/admin-dashboard?tab=auditoria&registro=${business.registry}`);
    const cards = page.getByRole('list', { name: 'Acciones del personal' });
    await expect(page.getByText('Mostrando 1 de 1 acción')).toBeVisible();
    await expect(cards.locator(':scope > li')).toHaveCount(1);
    await expect(cards).toContainText('Cambio de verificación');
    await expect(cards).toContainText('Teléfono verificado: Sí');
    await expect(page.getByRole('table', { name: 'Acciones del personal' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, { allRules: true, withoutToasts: true })).toEqual([]);
  });

  test('an admin has no Auditoría tab, and the URL shows the restricted page instead', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('tab', { name: 'Auditoría' })).toHaveCount(0);
    await page.goto('/admin-dashboard?tab=auditoria');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Acciones del personal' })).toHaveCount(0);
  });
});

test('a page past the end (a bookmarked ?pagina=9999) shows the last page, not "Sin acciones registradas"', async ({
  page,
}) => {
  await signInAsMaster(page);
  await page.goto('/admin-dashboard?tab=auditoria&pagina=9999');
  await expect(page).not.toHaveURL(/pagina=9999/);
  await expect(
    page
      .getByRole('navigation', { name: 'Paginación' })
      .or(page.getByText(/^Mostrando /))
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Sin acciones registradas')).toHaveCount(0);
});

test.describe('paging', () => {
  test.beforeAll(async () => {
    // Two full pages of ten at least (a short page 2 would leave little to scroll): each master
    // sign-in is an 'Inicio de sesión' row.
    for (let count = 0; count < 20; count += 1) await (await masterApi(BASE_URL)).api.dispose();
  });

  for (const [width, height, how] of [
    [1440, 900, 'the keyboard'],
    [390, 844, 'a tap'],
  ] as const) {
    test(`at ${width} px, 'Página 2' by ${how} shows the new page's first rows, the focus staying on the pager`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await signInAsMaster(page);
      await page.goto('/admin-dashboard?tab=auditoria&accion=sign_in&filas=10');
      await expect(page.getByText(/^Mostrando 1-10 de /)).toBeVisible();
      const second = page
        .getByRole('navigation', { name: 'Paginación' })
        .getByRole('button', { name: 'Página 2' });
      if (how === 'a tap') await second.click();
      else {
        await second.focus();
        await page.keyboard.press('Enter');
      }
      await expect(page).toHaveURL(/pagina=2/);
      const range = page.getByText(/^Mostrando 11-/);
      await expect(range).toBeVisible();
      // The list's top is back in view, below the sticky header, not left above the screen.
      await expect
        .poll(async () => (await range.boundingBox())?.y ?? -1, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(64);
      expect((await range.boundingBox())?.y ?? height).toBeLessThan(height / 2);
      await expect(second).toBeFocused();
      await expect(second).toHaveAttribute('aria-current', 'page');
    });
  }
});

test.describe('in Puerto Rico', () => {
  test.use({ timezoneId: 'America/Puerto_Rico' });

  test("Desde and Hasta are sent as Puerto Rico's days, not UTC's", async ({ page }) => {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=auditoria');
    const filters = page.getByRole('form', { name: 'Filtros de auditoría' });
    await filters.getByLabel('Fecha Desde').fill('2026-11-27');
    await filters.getByLabel('Fecha Hasta').fill('2026-11-27');
    const listed = page.waitForRequest(
      (request) => request.url().includes('/staff-actions?') && request.url().includes('date_from'),
    );
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
    const query = new URL((await listed).url()).searchParams;
    expect(query.get('date_from')).toBe('2026-11-27T04:00:00.000Z');
    expect(query.get('date_to')).toBe('2026-11-28T03:59:59.999Z');
  });
});
