// 'Gestionar Acceso': create the default records, disable with confirmation, enable, reload, the
// change history, what an admin may not change, and an unknown registry. Every business is made here.
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { card, openAccess } from './support/access-screen.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { createAdmin, signInAsAdmin, signInAsMaster, type TestAdmin } from './support/staff.ts';

const ACCESS = '/business-access/api/v1/business-access';
const SWITCHES = ['ACCESO PÚBLICO', 'PRODUCTOS', 'SERVICIOS', 'EMPLEADOS', 'EVENTOS', 'CÓDIGOS QR'];

interface HistoryRow {
  access_type: string;
  old_value: boolean;
  new_value: boolean;
  changed_by: string;
  ip_address: string | null;
}

/** POST …/default as another admin, through the API (their own record). */
async function createOwnRecordAs(admin: TestAdmin, registry: string) {
  const api: APIRequestContext = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await api.post('/auth/login', { data: { email: admin.email, password: admin.password } });
    const { jwt } = (await login.json()) as { jwt: string };
    const created = await api.post(`/admin${ACCESS}/registry/${registry}/default`, {
      headers: { Authorization: `Bearer ${jwt}`, 'X-Admin-Id': String(admin.adminId) },
    });
    expect(created.status(), await created.text()).toBe(201);
  } finally {
    await api.dispose();
  }
}

test.describe('Gestionar Acceso', () => {
  test('a master creates master access, disables with confirmation, enables, and sees the history', async ({
    page,
  }) => {
    const business = await registerBusiness();
    await signInAsMaster(page);
    await openAccess(page, business.registry);

    await expect(page.getByRole('heading', { name: business.name })).toBeVisible();
    await expect(page.getByText(business.owner)).toBeVisible();
    await expect(page.getByText('Usuario Maestro', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sin Controles de Acceso' })).toBeVisible();

    // The first click shows the options; 'Cancelar' hides them.
    await page.getByRole('button', { name: 'Crear Acceso por Defecto' }).click();
    const createMaster = page.getByRole('button', { name: 'Crear Acceso Maestro' });
    await expect(createMaster).toBeFocused();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(createMaster).toHaveCount(0);
    await page.getByRole('button', { name: 'Crear Acceso por Defecto' }).click();
    // Refused once (offline): the button pressed keeps the focus (busy meanwhile, not disabled).
    await page.route('**/default?master=true', (route) => route.abort('internetdisconnected'), { times: 1 });
    await createMaster.click();
    await expect(createMaster).toBeEnabled();
    await expect(createMaster).toBeFocused();
    await createMaster.press('Enter');
    await expect(page.getByText('¡Acceso Maestro creado exitosamente!')).toBeVisible();

    const master = card(page, 'Control de Acceso Maestro');
    // The create buttons leave with the empty state: the new card's first switch takes the focus.
    await expect(master.getByRole('switch', { name: 'ACCESO PÚBLICO' })).toBeFocused();
    for (const name of SWITCHES) await expect(master.getByRole('switch', { name })).toBeChecked();
    await expect(
      page.getByRole('heading', { name: 'Controles de Acceso por Administrador (0)' }),
    ).toBeVisible();

    // Disabling asks first; 'Cancelar' leaves it on.
    const products = master.getByRole('switch', { name: 'PRODUCTOS' });
    await products.click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar Desactivación' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('PRODUCTOS');
    await expect(dialog).toContainText('Historial de Cambios de Acceso');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(products).toBeChecked();

    await products.click();
    await dialog.getByRole('button', { name: 'Desactivar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('¡Acceso actualizado exitosamente!').first()).toBeVisible();
    await expect(products).not.toBeChecked();

    await page.reload();
    await expect(
      card(page, 'Control de Acceso Maestro').getByRole('switch', { name: 'PRODUCTOS' }),
    ).not.toBeChecked();

    // Enabling applies at once, without a dialog.
    await products.click();
    await expect(products).toBeChecked();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(products).toBeChecked();
    await expect(master.getByRole('switch', { name: 'SERVICIOS' })).toBeChecked();

    // The history shows both changes, newest first, as the server recorded them.
    const recorded = await withMasterApi(async (api, headers) => {
      const answer = await api.get(`/master${ACCESS}/registry/${business.registry}/history`, { headers });
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { history: HistoryRow[] }).history;
    });
    expect(recorded.map((row) => [row.access_type, row.new_value])).toEqual([
      ['product_access', true],
      ['product_access', false],
    ]);
    const table = page.getByRole('table', { name: 'Historial de Cambios de Acceso' });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(/PRODUCTOS.*Desactivado.*Activado/);
    await expect(rows.nth(2)).toContainText(/PRODUCTOS.*Activado.*Desactivado/);
    for (const [index, row] of recorded.entries()) {
      // The master's stored 'Master' reads 'Usuario maestro' in the portal (README design notes).
      expect(row.changed_by).toBe('Master');
      await expect(rows.nth(index + 1)).toContainText('Usuario maestro');
      await expect(rows.nth(index + 1)).toContainText(row.ip_address ?? 'N/A');
    }
  });

  test('an admin cannot change the master card or another admin’s, and adds their own access', async ({
    page,
  }) => {
    const business = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const created = await api.post(`/master${ACCESS}/registry/${business.registry}/default?master=true`, {
        headers,
      });
      expect(created.status()).toBe(201);
    });
    const other = await createAdmin('active');
    await createOwnRecordAs(other, business.registry);

    const me = await signInAsAdmin(page);
    await openAccess(page, business.registry);
    await expect(page.getByText('Usuario Admin')).toBeVisible();

    const master = card(page, 'Control de Acceso Maestro');
    const publicAccess = master.getByRole('switch', { name: 'ACCESO PÚBLICO' });
    await expect(publicAccess).toHaveAttribute('aria-disabled', 'true');
    await expect(publicAccess).toHaveAccessibleDescription(/maestro/i);
    await publicAccess.hover();
    await expect(master.getByRole('tooltip').first()).toBeVisible();
    await publicAccess.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(publicAccess).toBeChecked();

    const otherCard = card(page, new RegExp(`^Admin #${other.adminId}\\b`));
    await expect(otherCard).toContainText(other.email);
    const otherQr = otherCard.getByRole('switch', { name: 'CÓDIGOS QR' });
    await expect(otherQr).toHaveAttribute('aria-disabled', 'true');
    await otherQr.focus();
    await expect(otherCard.getByRole('tooltip').last()).toBeVisible();

    // As in the empty state, the first click only shows the option; 'Cancelar' hides it.
    const addMine = page.getByRole('button', { name: 'Agregar Mi Acceso Admin' });
    const createMine = page.getByRole('button', { name: 'Crear Acceso para Mí' });
    const creations: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/default')) creations.push(sent.url());
    });
    await addMine.click();
    await expect(createMine).toBeFocused();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(createMine).toHaveCount(0);
    await expect(addMine).toBeFocused();
    await expect(
      page.getByRole('heading', { name: 'Controles de Acceso por Administrador (1)' }),
    ).toBeVisible();
    expect(creations).toEqual([]);
    await addMine.click();
    await createMine.click();
    await expect(page.getByText('¡Acceso predeterminado creado exitosamente!')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Controles de Acceso por Administrador (2)' }),
    ).toBeVisible();
    const mine = card(page, new RegExp(`^Admin #${me.adminId} \\(Mi acceso\\)`));
    await expect(mine).toContainText(me.email);
    await expect(mine.getByRole('switch', { name: 'ACCESO PÚBLICO' })).toBeFocused();
    const events = mine.getByRole('switch', { name: 'EVENTOS' });
    await expect(events).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('button', { name: 'Agregar Mi Acceso Admin' })).toHaveCount(0);
    await events.click();
    await page
      .getByRole('dialog', { name: 'Confirmar Desactivación' })
      .getByRole('button', { name: 'Desactivar' })
      .click();
    await expect(events).not.toBeChecked();
  });

  test("a master's off: the admin's switch says so and is disabled, also after a stale screen's conflict", async ({
    page,
  }) => {
    const business = await registerBusiness();
    const me = await signInAsAdmin(page);
    await createOwnRecordAs(me, business.registry);
    const masterSets = (value: boolean) =>
      withMasterApi(async (api, headers) => {
        const url = `/master${ACCESS}/registry/${business.registry}/admin/${me.adminId}`;
        const answer = await api.patch(url, {
          headers,
          data: { access_type: 'product_access', new_value: value },
        });
        expect(answer.status(), await answer.text()).toBe(200);
      });

    await openAccess(page, business.registry);
    const mine = card(page, new RegExp(`^Admin #${me.adminId} \\(Mi acceso\\)`));
    const products = mine.getByRole('switch', { name: 'PRODUCTOS' });
    await products.click();
    await page
      .getByRole('dialog', { name: 'Confirmar Desactivación' })
      .getByRole('button', { name: 'Desactivar' })
      .click();
    await expect(products).not.toBeChecked();
    // Meanwhile a master turns it on and off: this screen is stale. The conflict's record says the
    // master's off binds, so applying anyway is not offered; 'Recargar' (by keyboard) shows it.
    await masterSets(true);
    await masterSets(false);
    await products.click();
    const notice = page.getByRole('alert').filter({ hasText: 'Este registro cambió mientras lo editaba' });
    const reload = notice.getByRole('button', { name: 'Recargar' });
    await expect(reload).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aplicar mi cambio de todos modos' })).toHaveCount(0);
    await reload.focus();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    const note = mine.getByText('Desactivado por un usuario maestro');
    await expect(products).toBeDisabled();
    await expect(products).toHaveAccessibleDescription('Desactivado por un usuario maestro');
    await expect(note).toBeFocused();
    await expect(products).not.toBeChecked();

    await page.reload();
    await expect(products).toBeDisabled();
    await expect(note).toBeVisible();
  });

  test('an unknown registry says NEGOCIO NO ENCONTRADO', async ({ page }) => {
    const unknown = `REG9${Date.now()}`;
    await signInAsAdmin(page);
    await openAccess(page, unknown);
    await expect(page.getByRole('heading', { name: 'NEGOCIO NO ENCONTRADO' })).toBeVisible();
    await expect(page.getByText(`El número de registro "${unknown}" no se encontró`)).toBeVisible();
  });
});
