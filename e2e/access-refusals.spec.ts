// 'Gestionar Acceso' when a toggle does not go through: a 403 (a master turned the admin's area off
// meanwhile), a second 412 after 'Aplicar mi cambio de todos modos', and 'Recargar' whose reload fails.
// Each time a Spanish message, the focus on something to act on (never the page), and no serious axe
// violation. E2E_SHOTS_DIR keeps screenshots of the 403 and of the failed reload at 1440 and 390 px.
import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { card, openAccess } from './support/access-screen.ts';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, withMasterApi } from './support/businesses.ts';
import { BASE_URL } from './support/env.ts';
import { signInAsAdmin, signInAsMaster, type TestAdmin } from './support/staff.ts';

const ACCESS = '/business-access/api/v1/business-access';
const CONFLICT = 'Este registro cambió mientras lo editaba';
const shots = process.env.E2E_SHOTS_DIR;

/** One toggle of a record, as a master would set it from another tab ('master': the master record). */
const masterSets = (registry: string, target: number | 'master', type: string, value: boolean) =>
  withMasterApi(async (api, headers) => {
    const answer = await api.patch(`/master${ACCESS}/registry/${registry}/admin/${target}`, {
      headers,
      data: { access_type: type, new_value: value, ...(target === 'master' ? { is_master: true } : {}) },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  });

/** Calls the access API as `admin` (their own record): `use` gets the context and the headers. */
async function asAdmin(
  admin: TestAdmin,
  use: (api: APIRequestContext, headers: Record<string, string>) => Promise<void>,
) {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const login = await api.post('/auth/login', { data: { email: admin.email, password: admin.password } });
    const { jwt } = (await login.json()) as { jwt: string };
    await use(api, { Authorization: `Bearer ${jwt}`, 'X-Admin-Id': String(admin.adminId) });
  } finally {
    await api.dispose();
  }
}

/** Screenshots of the page as it is, at 1440 and 390 px, with `focused` in view. */
async function screenshots(page: Page, name: string, focused: Locator) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await focused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, animations: 'disabled' });
  }
}

/** A business with a master record whose EVENTOS is off, open on a master's screen. */
async function masterOnStaleScreen(page: Page) {
  const business = await registerBusiness();
  await withMasterApi(async (api, headers) => {
    const created = await api.post(`/master${ACCESS}/registry/${business.registry}/default?master=true`, {
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
  });
  await masterSets(business.registry, 'master', 'event_access', false);
  await signInAsMaster(page);
  await openAccess(page, business.registry);
  const master = card(page, 'Control de Acceso Maestro');
  const events = master.getByRole('switch', { name: 'EVENTOS' });
  await expect(events).not.toBeChecked();
  // Meanwhile, from another tab: CÓDIGOS QR off. This screen still shows it on.
  await masterSets(business.registry, 'master', 'qr_access', false);
  return { business, master, events };
}

test.describe('Gestionar Acceso: a toggle refused or in conflict', () => {
  test("an admin's toggle refused with 403: a master turned that area off meanwhile", async ({ page }) => {
    const business = await registerBusiness();
    const me = await signInAsAdmin(page);
    await asAdmin(me, async (api, headers) => {
      const url = `/admin${ACCESS}/registry/${business.registry}`;
      expect((await api.post(`${url}/default`, { headers })).status()).toBe(201);
      const off = await api.patch(`${url}/admin/current_user`, {
        headers,
        data: { access_type: 'product_access', new_value: false },
      });
      expect(off.status(), await off.text()).toBe(200);
    });
    await openAccess(page, business.registry);
    const mine = card(page, new RegExp(`^Admin #${me.adminId} \\(Mi acceso\\)`));
    const products = mine.getByRole('switch', { name: 'PRODUCTOS' });
    // Off by the admin: they may turn it on again.
    await expect(products).not.toBeChecked();
    await expect(products).toBeEnabled();

    // Meanwhile a master turns it on and off: the 'off' is the master's, and binds the admin.
    await masterSets(business.registry, me.adminId, 'product_access', true);
    await masterSets(business.registry, me.adminId, 'product_access', false);
    // The screen names the version it shows (If-Match), which the master's change moved: a stale screen
    // meets the 412 first (access.spec.ts). Without If-Match, as an API client may send it, the toggle
    // reaches the master's rule and its 403.
    await page.route(
      (url) => url.pathname.endsWith(`/registry/${business.registry}/admin/current_user`),
      async (route) => {
        const headers = Object.entries(route.request().headers()).filter(([name]) => name !== 'if-match');
        await route.continue({ headers: Object.fromEntries(headers) });
      },
    );
    const refused = page.waitForResponse((answer) => answer.request().method() === 'PATCH');
    await products.focus();
    await page.keyboard.press('Space');
    expect((await refused).status()).toBe(403);

    await expect(
      page.getByText(
        'Solo los usuarios maestros pueden volver a activar un acceso que desactivó un usuario maestro.',
      ),
    ).toBeVisible();
    // The card caught up: the switch is disabled, and the note that says why has the focus.
    const note = mine.getByText('Desactivado por un usuario maestro');
    await expect(products).toBeDisabled();
    await expect(products).not.toBeChecked();
    await expect(note).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: CONFLICT })).toHaveCount(0);
    // The history tells whose 'off' it was.
    await expect(
      page.getByRole('table', { name: 'Historial de Cambios de Acceso' }).getByRole('row'),
    ).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'access-403', note);
  });

  test("a second 412 after 'Aplicar mi cambio de todos modos': the new notice takes the focus", async ({
    page,
  }) => {
    const { business, events } = await masterOnStaleScreen(page);
    await events.focus();
    await page.keyboard.press('Space');
    const notice = page.getByRole('alert').filter({ hasText: CONFLICT });
    await expect(notice).toContainText('CÓDIGOS QR');
    // The first notice leaves the focus on the switch tried.
    await expect(events).toBeFocused();

    // Changed again meanwhile: SERVICIOS off too. 'Aplicar' meets another 412.
    await masterSets(business.registry, 'master', 'service_access', false);
    await notice.getByRole('button', { name: 'Aplicar mi cambio de todos modos' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toContainText('SERVICIOS');
    await expect(notice.getByRole('button', { name: 'Recargar' })).toBeFocused();
    await expect(events).not.toBeChecked();

    // Applied this time: the switch tried has the focus again.
    await notice.getByRole('button', { name: 'Aplicar mi cambio de todos modos' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    await expect(events).toBeChecked();
    await expect(events).toBeFocused();
  });

  test("'Recargar' whose reload fails: the error, with the focus on 'Reintentar'", async ({ page }) => {
    const { business, events } = await masterOnStaleScreen(page);
    await events.focus();
    await page.keyboard.press('Space');
    const notice = page.getByRole('alert').filter({ hasText: CONFLICT });
    await expect(notice).toBeVisible();

    // Offline while reloading the list.
    const list = (url: URL) => url.pathname.endsWith(`${ACCESS}/registry/${business.registry}`);
    await page.route(list, (route) => route.abort('internetdisconnected'));
    await notice.getByRole('button', { name: 'Recargar' }).focus();
    await page.keyboard.press('Enter');

    const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el acceso' });
    await expect(failure).toContainText('Error de conexión. Por favor intente nuevamente.');
    const retry = failure.getByRole('button', { name: 'Reintentar' });
    await expect(retry).toBeFocused();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await screenshots(page, 'access-reload-failed', retry);

    // Back online: 'Reintentar' shows the record as it is now, the business's heading has the focus.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.unroute(list);
    await page.keyboard.press('Enter');
    const qr = card(page, 'Control de Acceso Maestro').getByRole('switch', { name: 'CÓDIGOS QR' });
    await expect(qr).not.toBeChecked();
    await expect(page.getByRole('heading', { name: business.name })).toBeFocused();
  });
});
