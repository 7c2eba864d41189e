// Sign in as master or as an admin created through the master API, by API or through the login screen.
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { BASE_URL, MASTER_IDENTIFIER, MASTER_PASSWORD } from './env.ts';

export type AdminStatus = 'active' | 'pending' | 'inactive' | 'suspended';

export interface TestAdmin {
  adminId: number;
  email: string;
  password: string;
}

const ADMIN_PASSWORD = 'Prueba#2026abc';
/** The password the master gives an admin; an active one has replaced it with ADMIN_PASSWORD. */
export const FIRST_ADMIN_PASSWORD = 'Asignada#2026abc';
let counter = 0;

export function uniqueEmail(prefix = 'admin'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@e2e.example.com`;
}

// The server counts a sign-in as a failure until its password has been checked, so that parallel
// guesses cannot all be verified: five master sign-ins at once from this address lock the master out
// of it. A worker's API sign-ins therefore go one at a time (with its page's, at most four at once).
let masterSignIns: Promise<unknown> = Promise.resolve();

export async function masterApi(
  baseURL: string,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  const signIn = masterSignIns.then(() =>
    api.post('/auth/login', { data: { email: MASTER_IDENTIFIER, password: MASTER_PASSWORD } }),
  );
  masterSignIns = signIn.catch(() => undefined);
  const response = await signIn;
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { jwt: string; master_key: string };
  return { api, headers: { Authorization: `Bearer ${body.jwt}`, 'X-Master-Key': body.master_key } };
}

const ADMINS = '/master/registration/api/v1/admin-registration';

/** One call of the master's admin-accounts API ('/12', 'GET'), as another tab of the master would make it. */
export async function masterAdminCall(path: string, method: 'GET' | 'PUT' | 'DELETE', data?: object) {
  const { api, headers } = await masterApi(BASE_URL);
  try {
    const response = await api.fetch(`${ADMINS}${path}`, { method, headers, data });
    return {
      status: response.status(),
      body: (await response.json()) as { admin: { access_status: AdminStatus } },
    };
  } finally {
    await api.dispose();
  }
}

/**
 * An admin the master created must replace the password the master chose before the portal lets
 * them in: as the admin would, sign in by API, change it, sign out.
 */
async function replaceFirstPassword(api: APIRequestContext, email: string): Promise<void> {
  const login = await api.post('/auth/login', { data: { email, password: FIRST_ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, admin_id } = (await login.json()) as { jwt: string; admin_id: number };
  const headers = { Authorization: `Bearer ${jwt}`, 'X-Admin-Id': String(admin_id) };
  const changed = await api.post('/auth/password', {
    headers,
    data: { current_password: FIRST_ADMIN_PASSWORD, new_password: ADMIN_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await api.post('/auth/logout', { headers });
}

/**
 * Creates an admin through the master API (created pending, then moved to `status`). An active one
 * has chosen their own password already, unless `mustChangePassword`: then `password` is the one
 * the master set, and the portal sends them to 'Cambiar contraseña' first.
 */
export async function createAdmin(
  status: AdminStatus = 'active',
  baseURL = BASE_URL,
  options: { mustChangePassword?: boolean } = {},
): Promise<TestAdmin> {
  const { api, headers } = await masterApi(baseURL);
  const email = uniqueEmail();
  try {
    const created = await api.post('/master/registration/api/v1/admin-registration', {
      headers,
      data: {
        admin_first_name: 'Prueba',
        admin_last_name: 'Automática',
        admin_email: email,
        admin_phone: '7875550100',
        admin_password: status === 'active' ? FIRST_ADMIN_PASSWORD : ADMIN_PASSWORD,
        access_status: 'pending',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { admin_id: adminId } = (await created.json()) as { admin_id: number };
    if (status !== 'pending') {
      const updated = await api.put(`/master/registration/api/v1/admin-registration/${adminId}`, {
        headers,
        data: { access_status: status },
      });
      expect(updated.status(), await updated.text()).toBe(200);
    }
    if (status !== 'active') return { adminId, email, password: ADMIN_PASSWORD };
    if (options.mustChangePassword) return { adminId, email, password: FIRST_ADMIN_PASSWORD };
    await replaceFirstPassword(api, email);
    return { adminId, email, password: ADMIN_PASSWORD };
  } finally {
    await api.dispose();
  }
}

/** Fills the login screen and waits for the dashboard. */
export async function signInThroughScreen(
  page: Page,
  identifier: string,
  password: string,
  origin?: string,
): Promise<void> {
  await page.goto(origin ? new URL('/', origin).href : '/');
  await fillLogin(page, identifier, password);
  await expect(page).toHaveURL(/\/admin-dashboard/);
  await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
}

export async function fillLogin(page: Page, identifier: string, password: string): Promise<void> {
  const field = page.getByLabel(/^(Correo Electrónico|Identificador)$/);
  await field.fill(identifier);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  // The variant follows the identifier once /auth/options has answered: click the button of the
  // variant this identifier gets, not the one that happened to be on screen while it was typed.
  const name = identifier === MASTER_IDENTIFIER ? 'Acceso Maestro' : 'Iniciar Sesión';
  await page.getByRole('button', { name, exact: true }).click();
}

/**
 * The first sign-in of an admin whose password the master set (created or reset): the
 * portal opens 'Cambiar contraseña' first; the admin chooses `chosen` and reaches the dashboard.
 */
export async function signInAndReplacePassword(
  page: Page,
  email: string,
  given: string,
  chosen: string,
): Promise<void> {
  await page.goto('/');
  await fillLogin(page, email, given);
  await expect(page).toHaveURL(/\/seguridad$/);
  await page.getByRole('textbox', { name: 'Contraseña actual' }).fill(given);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(chosen);
  await page.getByRole('textbox', { name: 'Confirmar nueva contraseña' }).fill(chosen);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  await expect(page.getByRole('tab', { name: 'Buscar Negocios' })).toBeVisible();
}

export const signInAsMaster = (page: Page) => signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);

/** A new active admin signed in on `baseURL` (the test's own baseURL must be the same server). */
export async function signInAsAdmin(page: Page, baseURL = BASE_URL): Promise<TestAdmin> {
  const admin = await createAdmin('active', baseURL);
  await signInThroughScreen(page, admin.email, admin.password);
  return admin;
}
