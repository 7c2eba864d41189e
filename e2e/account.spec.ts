// Passwords and recovery codes in the portal: 'Cambiar contraseña' from the user menu (the form on
// 'Seguridad', the other sessions ended); an admin whose password the master reset is sent to that
// form and cannot go anywhere else until it is changed; 'Generar nuevos códigos' replaces the
// recovery codes after a code or the password. axe and screenshots at 1440 and 390 px.
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import { createAdmin, fillLogin, masterApi, signInThroughScreen, type TestAdmin } from './support/staff.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots/account';
const NEW_PASSWORD = 'Cambiada#2030xyz';

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function checkAxe(page: Page, what: string) {
  expect(await seriousViolations(page, { withoutToasts: true }), what).toEqual([]);
}

/** Runs `work` with a request context of its own, disposed afterwards. */
async function withApi<T>(work: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/** A sign-in by API: the headers of that session. */
async function apiSession(api: APIRequestContext, admin: TestAdmin, password = admin.password) {
  const login = await api.post('/auth/login', { data: { email: admin.email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { jwt: string; admin_id: number };
  return { Authorization: `Bearer ${body.jwt}`, 'X-Admin-Id': String(body.admin_id) };
}

/** 'Cambiar contraseña' from the user menu: the desktop menu at 1440, the phone menu at 390. */
async function openChangePassword(page: Page, width: number) {
  if (width >= 768) {
    // The header names the admin, not the email.
    await page.getByRole('button', { name: /menú de usuario$/ }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  } else {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Cambiar contraseña' }).click();
  }
  await expect(page).toHaveURL(/\/seguridad#cambiar-contrasena$/);
  await expect(page.getByRole('heading', { name: 'Cambiar contraseña', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toBeFocused();
}

async function fillChange(page: Page, current: string, next: string, confirm = next) {
  await page.getByRole('textbox', { name: 'Contraseña actual' }).fill(current);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(next);
  await page.getByRole('textbox', { name: 'Confirmar nueva contraseña' }).fill(confirm);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
}

test.describe('Mi cuenta: contraseña y códigos de recuperación', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const width of [1440, 390]) {
    test(`${width}: changes the password from Seguridad; the other sessions end, this one stays`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width >= 768 ? 900 : 844 });
      const admin = await createAdmin('active');
      await signInThroughScreen(page, admin.email, admin.password);
      await withApi(async (api) => {
        const other = await apiSession(api, admin);
        await openChangePassword(page, width);
        await checkAxe(page, `change password at ${width}`);
        await shot(page, 'change-password', width);

        await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
        await expect(page.getByText('La contraseña actual es requerida', { exact: true })).toBeVisible();
        await expect(page.getByText('La nueva contraseña es requerida', { exact: true })).toBeVisible();
        await expect(page.getByText('Debe confirmar la nueva contraseña', { exact: true })).toBeVisible();
        await fillChange(page, admin.password, 'sinmayuscula#1');
        await expect(
          page.getByText('La contraseña debe contener al menos una letra mayúscula', { exact: true }),
        ).toBeVisible();
        await fillChange(page, admin.password, NEW_PASSWORD, 'Otra#Cosa2030');
        await expect(page.getByText('Las contraseñas no coinciden', { exact: true })).toBeVisible();
        await fillChange(page, 'Equivocada#2026', NEW_PASSWORD);
        await expect(page.getByText('La contraseña actual es incorrecta.', { exact: true })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toBeFocused();
        await checkAxe(page, `change password errors at ${width}`);
        await shot(page, 'change-password-errors', width);

        await fillChange(page, admin.password, NEW_PASSWORD);
        await expect(page.getByText('Contraseña cambiada. Se cerraron sus demás sesiones.')).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toHaveValue('');

        // The session opened by API ended; this page's session still works.
        const validate = await api.post('/auth/validate', { headers: other });
        expect(((await validate.json()) as { valid: boolean }).valid).toBe(false);
        await page.getByRole('link', { name: 'Volver al Panel de Control' }).click();
        await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
        // Only the new password signs in now.
        const old = await api.post('/auth/login', { data: { email: admin.email, password: admin.password } });
        expect(old.status()).toBe(401);
        await apiSession(api, admin, NEW_PASSWORD);
      });
    });
  }

  test('forced change after a master reset: the form first, no way past it, then the dashboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await createAdmin('active');
    const { api, headers } = await masterApi(BASE_URL);
    try {
      const reset = await api.post(
        `/master/registration/api/v1/admin-registration/${admin.adminId}/reset-password`,
        { headers, data: { new_password: 'Temporal#2026xyz' } },
      );
      expect(reset.status(), await reset.text()).toBe(200);
    } finally {
      await api.dispose();
    }

    await page.goto('/');
    await fillLogin(page, admin.email, 'Temporal#2026xyz');
    await expect(page).toHaveURL(/\/seguridad$/);
    await expect(
      page.getByText(
        'Su contraseña fue asignada por el usuario maestro. Elija una contraseña nueva para continuar.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Contraseña actual' })).toBeFocused();
    // 'Volver al Panel de Control' would lead nowhere until the password is changed: not offered.
    const back = page.getByRole('link', { name: 'Volver al Panel de Control' });
    await expect(back).toHaveCount(0);
    await checkAxe(page, 'forced change at 1440');
    await shot(page, 'forced-change', 1440);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(back).toHaveCount(0);
    await checkAxe(page, 'forced change at 390');
    await shot(page, 'forced-change', 390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Neither the address bar nor the tabs lead past the form.
    await page.goto('/admin-dashboard');
    await expect(page).toHaveURL(/\/seguridad$/);
    await expect(page.getByRole('heading', { name: 'Cambiar contraseña', level: 2 })).toBeVisible();
    await expect(back).toHaveCount(0);
    await page.reload();
    await expect(page).toHaveURL(/\/seguridad$/);
    await expect(page.getByRole('heading', { name: 'Cambiar contraseña', level: 2 })).toBeVisible();
    await expect(back).toHaveCount(0);

    await fillChange(page, 'Temporal#2026xyz', NEW_PASSWORD);
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();

    // Changed: 'Seguridad' offers the way back again, and it works.
    await page.goto('/seguridad');
    await back.click();
    await expect(page).toHaveURL(/\/admin-dashboard/);
    await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
  });

  for (const width of [1440, 390]) {
    test(`${width}: 'Generar nuevos códigos' asks for a code or the password and replaces the codes`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width >= 768 ? 900 : 844 });
      const admin = await createAdmin('active');
      // 2FA on by API (the screens that turn it on have their own spec, two-factor.spec.ts).
      const oldCodes = await withApi(async (api) => {
        const headers = await apiSession(api, admin);
        const setup = await api.post('/auth/2fa/setup', { headers });
        const { secret } = (await setup.json()) as { secret: string };
        const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
        const enabled = await api.post('/auth/2fa/enable', {
          headers,
          data: { code, current_password: admin.password },
        });
        expect(enabled.status(), await enabled.text()).toBe(200);
        await api.post('/auth/logout', { headers });
        return ((await enabled.json()) as { recovery_codes: string[] }).recovery_codes;
      });
      await page.goto('/');
      await fillLogin(page, admin.email, admin.password);
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
      await page.getByLabel('Código de recuperación').fill(oldCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page).toHaveURL(/\/admin-dashboard/);

      await page.goto('/seguridad');
      // A full load of the portal and the screen's chunk: slow on a busy machine.
      await expect(page.getByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Le quedan 9 códigos de recuperación.')).toBeVisible();
      await page.getByRole('button', { name: 'Generar nuevos códigos' }).click();
      const form = page.getByRole('form', { name: 'Generar nuevos códigos de recuperación' });
      await form.getByLabel('Código de su aplicación').fill('000000');
      await form.getByRole('button', { name: 'Generar códigos' }).click();
      await expect(form.getByText('Código de verificación incorrecto.')).toBeVisible();
      await checkAxe(page, `regenerate codes at ${width}`);
      await shot(page, 'regenerate-codes', width);
      await form.getByRole('button', { name: 'Usar mi contraseña' }).click();
      await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(admin.password);
      await form.getByRole('button', { name: 'Generar códigos' }).click();

      const list = page.getByRole('list', { name: 'Códigos de recuperación' });
      await expect(list.getByRole('listitem')).toHaveCount(10);
      const fresh = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
      expect(fresh.some((code) => oldCodes.includes(code))).toBe(false);
      await checkAxe(page, `new recovery codes at ${width}`);
      await shot(page, 'regenerated-codes', width);
      await page.getByRole('button', { name: 'Listo' }).click();
      await expect(page.getByText('Le quedan 10 códigos de recuperación.')).toBeVisible();

      // An old code no longer signs in; a new one does.
      await withApi(async (api) => {
        const step = async () => {
          const login = await api.post('/auth/login', {
            data: { email: admin.email, password: admin.password },
          });
          return ((await login.json()) as { challenge_token: string }).challenge_token;
        };
        const old = await api.post('/auth/login/2fa', {
          data: { challenge_token: await step(), code: oldCodes[1] },
        });
        expect(old.status()).toBe(401);
        const next = await api.post('/auth/login/2fa', {
          data: { challenge_token: await step(), code: fresh[1] },
        });
        expect(next.status(), await next.text()).toBe(200);
      });
    });
  }
});
