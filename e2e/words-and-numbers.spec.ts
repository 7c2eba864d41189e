// The words and numbers people read, the verification conflict, the business header and the tab
// strip at 390 px. Screenshots at 1440 and 390 px go to E2E_SHOTS_DIR when set.
import { expect, type Locator, type Page, request, test } from '@playwright/test';
import { dialogViolations, seriousViolations } from './support/axe-scan.ts';
import { openHeaderAction } from './support/business-page-actions.ts';
import { registerAuditedBusiness, registerBusiness, withMasterApi } from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { signInAsAdmin, signInAsMaster } from './support/staff.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

// Several sign-ins, a registration, a conflict and axe per test, on a shared machine.
test.describe.configure({ timeout: 120_000 });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether a select's chosen option fits inside it (a native select cuts the text without saying so). */
const optionFits = (select: Locator) =>
  select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const text = context.measureText(field.selectedOptions[0]?.text ?? '').width;
    const room =
      field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return text <= room;
  });

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('the master header is Spanish; Aprobar Admins shows its whole sort order', async ({ page }) => {
      await signInAsMaster(page);
      const banner = page.getByRole('banner');
      if (width >= 768) {
        await expect(banner.getByText('Usuario maestro', { exact: true })).toBeVisible();
        await expect(banner.getByText('Administrador maestro', { exact: true })).toBeVisible();
      }
      await expect(banner.getByText(/Master User|Master Administrator/)).toHaveCount(0);
      await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
      const sortBy = page.getByLabel('Ordenar por');
      await expect(sortBy).toHaveValue('created_at');
      expect(await optionFits(sortBy)).toBe(true);
      await shot(page, `aprobar-admins-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the business page: one 'Acciones' menu on a phone, the audit's details, no '$0.00'", async ({
      page,
    }) => {
      const business = await registerAuditedBusiness();
      await signInAsMaster(page);
      await page.goto(`/negocios/${business.registry}`);
      const heading = page.getByRole('heading', { level: 1, name: business.name });
      await expect(heading).toBeVisible();
      if (width < 640) {
        await expect(page.getByRole('button', { name: 'Gestionar Verificación' })).toBeHidden();
        const sections = page.getByRole('navigation', { name: /Secciones/ });
        const top = (await sections.boundingBox())!.y;
        // The section's content starts on the first screen, below a short header.
        expect(top).toBeLessThan(500);
        await page.getByRole('button', { name: 'Acciones' }).click();
        await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toBeVisible();
        await shot(page, `business-header-menu-${width}`);
        await page.getByRole('menuitem', { name: 'Gestionar Verificación' }).click();
        await expect(page.getByRole('dialog', { name: 'Gestionar Verificación' })).toBeVisible();
        await page.keyboard.press('Escape');
      } else {
        await expect(page.getByRole('button', { name: 'Gestionar Verificación' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Acciones' })).toBeHidden();
      }
      await shot(page, `business-header-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Contenido of a business with no events: its money reads '—'.
      await page.goto(`/negocios/${business.registry}/contenido`);
      await expect(page.getByText('Estadísticas de eventos')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('$0.00')).toHaveCount(0);

      // Auditoría: the details column, as the global audit shows it.
      await page.goto(`/negocios/${business.registry}/auditoria`);
      // The table from 768 px, cards below: the one on screen.
      const detail = page.getByText('Teléfono verificado: Sí').locator('visible=true');
      await expect(detail.first()).toBeVisible({ timeout: 15_000 });
      if (width >= 768) await expect(page.getByRole('columnheader', { name: 'Detalles' })).toBeVisible();
      await shot(page, `business-audit-${width}`);
    });

    test("verification over someone's change: both choices in view, then what is saved, until closed", async ({
      page,
    }) => {
      const business = await registerBusiness();
      await signInAsMaster(page);
      await page.goto(`/negocios/${business.registry}`);
      await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
      await openHeaderAction(page, width, 'Gestionar Verificación');
      const dialog = page.getByRole('dialog', { name: 'Gestionar Verificación' });
      await expect(dialog).toBeVisible();
      // Someone else marks the phone verified meanwhile.
      await withMasterApi(async (api, headers) => {
        const response = await api.patch(`/master/verification/registry/${business.registry}`, {
          headers,
          data: { verified_phone: true },
        });
        expect(response.status()).toBe(200);
      });
      await dialog.getByRole('group', { name: 'Email' }).getByRole('switch').click();
      await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
      const reload = dialog.getByRole('button', { name: 'Recargar' });
      const apply = dialog.getByRole('button', { name: 'Aplicar mi cambio de todos modos' });
      await expect(reload).toBeInViewport();
      await expect(apply).toBeInViewport();
      await shot(page, `verification-conflict-${width}`);
      expect(await dialogViolations(page)).toEqual([]);

      await apply.click();
      await expect(dialog.getByText('Estado de verificación actualizado exitosamente')).toBeVisible();
      await expect(dialog.getByText('No Verificado')).toHaveCount(0);
      await expect(dialog.getByRole('switch', { name: 'Verificado' })).toHaveCount(2);
      // It stays (the plain save closes after 2 s) until the person closes it.
      await page.waitForTimeout(3_000);
      await expect(dialog).toBeVisible();
      await shot(page, `verification-applied-${width}`);
      await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
      await expect(dialog).toHaveCount(0);
    });
  });
}

test.describe('tab strip at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('its scroll arrow sits beside the tabs, never over a label', async ({ page }) => {
    await signInAsMaster(page);
    const strip = page.getByRole('tablist');
    const more = page.getByRole('button', { name: 'Ver más pestañas' });
    await expect(more).toBeVisible();
    expect(overlaps((await more.boundingBox())!, (await strip.boundingBox())!)).toBe(false);
    await more.click();
    const back = page.getByRole('button', { name: 'Ver pestañas anteriores' });
    await expect(back).toBeVisible();
    expect(overlaps((await back.boundingBox())!, (await strip.boundingBox())!)).toBe(false);
    await shot(page, 'tab-strip-390');
    // A far tab opened by its address is shown whole beside the arrows.
    await page.goto('/admin-dashboard?tab=aprobar-admins');
    await expect(page.getByRole('tab', { name: /^Aprobar Admins/ })).toBeInViewport({ ratio: 0.95 });
    const tab = (await page.getByRole('tab', { name: /^Aprobar Admins/ }).boundingBox())!;
    const list = (await strip.boundingBox())!;
    expect(tab.x + tab.width).toBeLessThanOrEqual(list.x + list.width + 1);
    await shot(page, 'tab-strip-far-390');
  });
});

test('a session ended from another device says so at the login', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await signInAsAdmin(page);
  const sessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').sessionId);
  // The same person, from another device, ends this session in 'Mis sesiones'.
  const other = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await other.post('/auth/login', { data: { email: admin.email, password: admin.password } });
    const answer = await login.json();
    const ended = await other.delete(`/auth/sessions/${sessionId}`, {
      headers: { authorization: `Bearer ${answer.jwt}`, 'x-admin-id': String(answer.admin_id) },
    });
    expect(ended.status(), await ended.text()).toBe(200);
  } finally {
    await other.dispose();
  }
  // The portal learns it from the server: at once from the session-change stream, or on its next call
  // (a refresh of the list) when the stream is slower.
  const said = page.getByText('Su sesión se cerró desde otro dispositivo.', { exact: false });
  await expect(async () => {
    if (!(await said.isVisible())) {
      await page
        .getByRole('button', { name: /Actualizar/ })
        .first()
        .click({ timeout: 2_000 });
    }
    await expect(said).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/(\?volver=[^#]*)?$/);
  await shot(page, 'session-ended-elsewhere-390');
});
