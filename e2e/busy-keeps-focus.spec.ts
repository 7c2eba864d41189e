// While a change is saved, the control the person used keeps the keyboard focus (read-only or
// aria-disabled, not disabled: Chromium drops the focus of a disabled one to the page), and pressing
// it again sends nothing more: Enter in 'Editar datos', in the deletion's typed confirmation, the
// master's 2FA policy switch, and a row's 'Restaurar' in the trash while the row's other actions wait.
import { expect, type Page, test } from '@playwright/test';
import { deleteByApi, registerBusiness, uniquePhone } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

const shots = process.env.E2E_SHOTS_DIR;

/** Holds the `method` calls to `path` until released; counts them. */
async function hold(page: Page, path: RegExp, method: string, answer?: object) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent = { count: 0 };
  await page.route(path, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    sent.count += 1;
    await held;
    await (answer ? route.fulfill({ json: answer }) : route.continue());
  });
  return { release, sent };
}

/** Presses `key` again while the first call is held: a call it sent would be counted by then. */
async function pressAgain(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.waitForTimeout(500);
}

test('Enter in a field of Editar datos keeps the focus on it while it saves, and sends once', async ({
  page,
}) => {
  const business = await registerBusiness();
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}`);
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar datos' });
  const phone = dialog.getByRole('textbox', { name: /Teléfono/ });
  await phone.fill(uniquePhone());
  const { release, sent } = await hold(page, new RegExp(`/registry/${business.registry}$`), 'PATCH');

  await phone.press('Enter');
  await expect.poll(() => sent.count).toBe(1);
  await expect(phone).not.toBeEditable();
  await expect(phone).toBeFocused();
  await pressAgain(page, 'Enter');
  expect(sent.count).toBe(1);
  if (shots) {
    await page.screenshot({ path: `${shots}/edit-saving-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/edit-saving-390.png` });
  }

  release();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Datos del negocio actualizados')).toBeVisible();
});

test("Enter in the deletion's typed confirmation keeps the focus on it while it deletes, and sends once", async ({
  page,
}) => {
  const business = await registerBusiness();
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}`);
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar Negocio' });
  const typed = dialog.getByRole('textbox');
  await typed.fill(business.registry);
  const { release, sent } = await hold(
    page,
    new RegExp(`/business-deletion/${business.registry}$`),
    'DELETE',
  );

  await typed.press('Enter');
  await expect.poll(() => sent.count).toBe(1);
  await expect(typed).not.toBeEditable();
  await expect(typed).toBeFocused();
  await pressAgain(page, 'Enter');
  expect(sent.count).toBe(1);

  release();
  await expect(dialog.getByText('Eliminación Exitosa')).toBeVisible();
});

test('the 2FA policy switch keeps the focus while its change is saved, and a second press sends nothing', async ({
  page,
}) => {
  await signInAsMaster(page);
  // Answered here: the server's policy, which binds every admin's sign-in, stays as it is. Read as
  // off, so the press asks first (requiring it ends sessions) and the change is sent on 'Exigir'.
  const policy = { success: true, updated_at: null, updated_by: 'Master' };
  await page.route(/\/two-factor\/api\/v1\/policy$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { ...policy, admins_require_2fa: false } })
      : route.fallback(),
  );
  const { release, sent } = await hold(page, /\/two-factor\/api\/v1\/policy$/, 'PUT', {
    ...policy,
    admins_require_2fa: true,
    admins_signed_out: 0,
  });
  await page.goto('/admin-approval');
  const toggle = page.getByRole('switch', { name: /Verificación en dos pasos obligatoria/ });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await toggle.focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Exigir verificación en dos pasos' });
  await dialog.getByRole('button', { name: 'Exigir verificación' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => sent.count).toBe(1);
  await expect(toggle).toHaveAttribute('aria-busy', 'true');
  await expect(toggle).toBeFocused();
  await pressAgain(page, 'Space');
  expect(sent.count).toBe(1);
  await expect(dialog).toHaveCount(0);

  release();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).not.toHaveAttribute('aria-busy');
  await expect(toggle).toBeFocused();
});

test("a trash row's 'Restaurar' keeps the focus while it restores, and sends once", async ({ page }) => {
  const business = await registerBusiness();
  await deleteByApi(business);
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=papelera&q=${business.registry}`);
  const restore = page.getByRole('button', { name: `Restaurar ${business.name}` }).filter({ visible: true });
  const purge = page
    .getByRole('button', { name: `Eliminar definitivamente ${business.name}` })
    .filter({ visible: true });
  await expect(restore).toBeVisible();
  const { release, sent } = await hold(page, new RegExp(`/registry/${business.registry}/restore$`), 'POST');

  await restore.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => sent.count).toBe(1);
  await expect(restore).toHaveAttribute('aria-busy', 'true');
  await expect(restore).toBeFocused();
  await expect(purge).toBeDisabled();
  await pressAgain(page, 'Enter');
  expect(sent.count).toBe(1);

  release();
  await expect(
    page.getByText(`«${business.name}» se restauró con su historial, contenido y accesos.`),
  ).toBeVisible();
});
