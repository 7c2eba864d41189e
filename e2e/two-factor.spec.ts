// The second factor in the portal: 'Seguridad' from the user menu turns the second factor on (QR
// code and key, the current password and a first code, the recovery codes shown once); then the
// login asks for a code after the password; a recovery code signs in too. Codes are computed here
// from the key the screen shows (RFC 6238 with otpauth). axe and screenshots of the new screens at
// 1440 and 390 px.
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import { fillLogin, signInAsAdmin } from './support/staff.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots/two-factor';

/** The code of the key for `offsetSteps` 30-second steps from now (the server accepts ±1). */
const codeFor = (key: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function checkAxe(page: Page, what: string) {
  expect(await seriousViolations(page, { withoutToasts: true }), what).toEqual([]);
}

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/**
 * Turns 2FA on from 'Seguridad' (the current password and a code, each refused once when wrong);
 * answers the key the screen showed and the recovery codes.
 */
async function enableFromSecurity(page: Page, width: number, password: string) {
  await expect(page.getByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible();
  await expect(page.getByText('Desactivada', { exact: true })).toBeVisible();
  await checkAxe(page, `Seguridad at ${width}`);
  await shot(page, 'security-off', width);
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await expect(
    page.getByRole('img', { name: 'Código QR para configurar la verificación en dos pasos' }),
  ).toBeVisible();
  const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await checkAxe(page, `setup at ${width}`);
  await shot(page, 'security-setup', width);
  const form = page.getByRole('form', { name: 'Configurar la verificación en dos pasos' });
  // Its password field is told apart from 'Cambiar contraseña''s by name; it looks the same.
  const currentPassword = form.getByRole('textbox', {
    name: 'Contraseña actual para activar la verificación en dos pasos',
    exact: true,
  });
  await expect(page.getByRole('textbox', { name: 'Contraseña actual', exact: true })).toHaveCount(1);
  const code = form.getByRole('textbox', { name: 'Código de verificación', exact: true });
  // Each field left wrong takes the keyboard from the button, the password first, in the words of
  // 'Cambiar contraseña'.
  await form.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(form.getByRole('alert')).toHaveText([
    'La contraseña actual es requerida',
    'Ingrese el código de 6 dígitos.',
  ]);
  await expect(currentPassword).toBeFocused();
  await currentPassword.fill('Mala#Clave1');
  await code.fill('12');
  await form.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Ingrese el código de 6 dígitos.');
  await expect(code).toBeFocused();
  await shot(page, 'security-setup-short-code', width);
  await code.fill(codeFor(key));
  await form.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(form.getByRole('alert')).toHaveText('La contraseña actual es incorrecta.');
  await expect(currentPassword).toBeFocused();
  await checkAxe(page, `wrong password at ${width}`);
  await shot(page, 'security-setup-wrong-password', width);
  await currentPassword.fill(password);
  await form.getByLabel('Código de verificación').fill('000000');
  await form.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(form.getByText('Código de verificación incorrecto.')).toBeVisible();
  await expect(code).toBeFocused();
  await form.getByLabel('Código de verificación').fill(codeFor(key));
  await form.getByRole('button', { name: 'Confirmar y activar' }).click();
  const list = page.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('La verificación en dos pasos quedó activada.')).toBeVisible();
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar .txt' }).click();
  expect((await download).suggestedFilename()).toBe('codigos-de-recuperacion.txt');
  await checkAxe(page, `recovery codes at ${width}`);
  await shot(page, 'security-recovery-codes', width);
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByText('Activada', { exact: true })).toBeVisible();
  await expect(page.getByText('Le quedan 10 códigos de recuperación.')).toBeVisible();
  return { key, codes };
}

test.describe('Verificación en dos pasos', () => {
  test.describe.configure({ timeout: 120_000 });

  test('1440: enable from the user menu, sign out, sign in with a code, then with a recovery code', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await signInAsAdmin(page);
    await page.getByRole('button', { name: /menú de usuario$/ }).click();
    await page.getByRole('menuitem', { name: 'Seguridad' }).click();
    await expect(page).toHaveURL(/\/seguridad$/);
    const { key, codes } = await enableFromSecurity(page, 1440, admin.password);

    const signOut = async () => {
      await page.getByRole('button', { name: /menú de usuario$/ }).click();
      await page.getByRole('menuitem', { name: 'Cerrar Sesión Admin' }).click();
      await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
    };
    await signOut();
    await fillLogin(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/admin-dashboard/);
    await checkAxe(page, 'code step at 1440');
    await shot(page, 'login-code-step', 1440);
    await page.getByLabel('Código de verificación').fill('123456');
    // By keyboard: a wrong code gives the focus back to its field, ready for the next one.
    await page.getByRole('button', { name: 'Verificar' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Código de verificación incorrecto.')).toBeVisible();
    await expect(page.getByLabel('Código de verificación')).toBeFocused();
    await shot(page, 'login-code-wrong', 1440);
    // The code of the next step: the one of this step was used to turn 2FA on (no replay).
    await page.getByLabel('Código de verificación').fill(codeFor(key, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);

    await signOut();
    await fillLogin(page, admin.email, admin.password);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(codes[0] ?? '');
    await checkAxe(page, 'recovery step at 1440');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await page.goto('/seguridad');
    await expect(page.getByText('Le quedan 9 códigos de recuperación.')).toBeVisible();
  });

  test('390: the same screens on a phone, and turning it off with a recovery code', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const admin = await signInAsAdmin(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Seguridad' }).click();
    await expect(page).toHaveURL(/\/seguridad$/);
    const { key, codes } = await enableFromSecurity(page, 390, admin.password);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE_URL });
    try {
      const other = await phone.newPage();
      await other.goto('/');
      await fillLogin(other, admin.email, admin.password);
      await expect(other.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
      await checkAxe(other, 'code step at 390');
      await shot(other, 'login-code-step', 390);
      await other.getByLabel('Código de verificación').fill(codeFor(key, 1));
      await other.getByRole('button', { name: 'Verificar' }).click();
      await expect(other).toHaveURL(/\/admin-dashboard/);
    } finally {
      await phone.close();
    }

    // 'Desactivar' with nothing typed: said under the code field, which takes the keyboard.
    await page.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Ingrese el código de 6 dígitos.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Código de verificación', exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(codes[5] ?? '');
    await shot(page, 'security-on', 390);
    await page.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Desactivada', { exact: true })).toBeVisible();
  });
});

test('the status that could not be read says so, and Reintentar reads it again', async ({ page }) => {
  let failing = true;
  await page.route('**/auth/2fa', (route) =>
    failing
      ? route.fulfill({ status: 503, json: { success: false, error: 'Service temporarily unavailable' } })
      : route.continue(),
  );
  await signInAsAdmin(page);
  await page.goto('/seguridad');
  const failure = page.getByRole('alert').filter({ hasText: 'Error al cargar la verificación en dos pasos' });
  await expect(failure).toContainText('El servicio no está disponible');
  failing = false;
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Desactivada', { exact: true })).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('new codes asked for after another tab turned 2FA off: the card says it is off, and why', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await signInAsAdmin(page);
  const { jwt, adminId } = await page.evaluate(() => ({
    jwt: localStorage.getItem('jwt') ?? '',
    adminId: localStorage.getItem('adminId') ?? '',
  }));
  const post = (path: string, data?: object) =>
    page.request.post(path, { data, headers: { authorization: `Bearer ${jwt}`, 'x-admin-id': adminId } });
  const { secret } = await (await post('/auth/2fa/setup')).json();
  expect(
    (await post('/auth/2fa/enable', { code: codeFor(secret), current_password: admin.password })).ok(),
  ).toBe(true);
  await page.goto('/seguridad');
  await expect(page.getByText('Activada', { exact: true })).toBeVisible();

  const other = await page.context().newPage();
  await other.goto('/seguridad');
  await other.getByLabel('Código de verificación').fill(codeFor(secret, 1));
  await other.getByRole('button', { name: 'Desactivar' }).click();
  await expect(other.getByText('Desactivada', { exact: true })).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Generar nuevos códigos' }).click();
  const form = page.getByRole('form', { name: 'Generar nuevos códigos de recuperación' });
  await form.getByRole('button', { name: 'Usar mi contraseña' }).click();
  await form.getByLabel(/^Contraseña/).fill(admin.password);
  await form.getByRole('button', { name: 'Generar códigos' }).click();
  await expect(page.getByText('Desactivada', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'La verificación en dos pasos se desactivó en otra pestaña o sesión: no hay códigos de recuperación que guardar.',
  );
  await expect(page.getByText('Activada', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Códigos de recuperación' })).toHaveCount(0);
  await checkAxe(page, 'turned off elsewhere at 1440');
  await shot(page, 'security-turned-off-elsewhere', 1440);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkAxe(page, 'turned off elsewhere at 390');
  await shot(page, 'security-turned-off-elsewhere', 390);
});
