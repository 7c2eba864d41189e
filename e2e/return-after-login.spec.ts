// A page opened while signed out, or on screen when the session ended elsewhere, is where the
// sign-in lands; only a path of the portal is followed (no open redirect).
import { expect, type Page, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { createAdmin, fillLogin, signInThroughScreen } from './support/staff.ts';

const loginButton = (page: Page) => page.getByRole('button', { name: 'Iniciar Sesión', exact: true });

test('a business link opened signed out opens after the sign-in', async ({ page }) => {
  const business = await registerBusiness({ business_name: `Volver Prueba ${Date.now().toString(36)}` });
  const admin = await createAdmin('active');
  await page.goto(`/negocios/${business.registry}/historial`);
  await expect(loginButton(page)).toBeVisible();
  await expect(page).toHaveURL(/\/\?volver=/);
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(new RegExp(`/negocios/${business.registry}/historial$`));
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
});

for (const foreign of [
  '//evil.example/x',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
]) {
  test(`a foreign return address (${foreign}) is not followed`, async ({ page }) => {
    const admin = await createAdmin('active');
    await page.goto(`/?volver=${encodeURIComponent(foreign)}`);
    await fillLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    expect(new URL(page.url()).host).not.toContain('evil');
  });
}

test('after a session ended elsewhere the sign-in returns to the page', async ({ page }) => {
  const business = await registerBusiness({ business_name: `Volver Sesion ${Date.now().toString(36)}` });
  const admin = await createAdmin('active');
  await signInThroughScreen(page, admin.email, admin.password);
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();

  // Another device ends this session (what 'Mis sesiones' or a password change does).
  const ended = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { sessionId: string; adminId: number };
    const answer = await fetch('/auth/logout', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${localStorage.getItem('jwt')}`,
        'X-Admin-Id': String(user.adminId),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ admin_id: user.adminId, session_id: user.sessionId }),
    });
    return answer.status;
  });
  expect(ended).toBe(200);

  // The next call is refused: the login screen says so and remembers the section asked for.
  await page
    .getByRole('navigation', { name: 'Secciones del negocio' })
    .getByRole('link', { name: 'Historial', exact: true })
    .click();
  await expect(loginButton(page)).toBeVisible();
  await expect(page.getByText('Su sesión se cerró desde otro dispositivo', { exact: false })).toBeVisible();
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(new RegExp(`/negocios/${business.registry}/historial$`));
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
});

test('signing out forgets the page: the next sign-in opens the dashboard', async ({ page }) => {
  const business = await registerBusiness({ business_name: `Volver Salir ${Date.now().toString(36)}` });
  const admin = await createAdmin('active');
  await signInThroughScreen(page, admin.email, admin.password);
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: business.name })).toBeVisible();
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión Admin' }).click();
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});
