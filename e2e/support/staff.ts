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
let counter = 0;

export function uniqueEmail(prefix = 'admin'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${process.pid}${counter}@e2e.example.com`;
}

export async function masterApi(
  baseURL: string,
): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  const response = await api.post('/auth/login', {
    data: { email: MASTER_IDENTIFIER, password: MASTER_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { jwt: string; master_key: string };
  return { api, headers: { Authorization: `Bearer ${body.jwt}`, 'X-Master-Key': body.master_key } };
}

/** Creates an admin through the master API (created pending, then moved to `status`). */
export async function createAdmin(status: AdminStatus = 'active', baseURL = BASE_URL): Promise<TestAdmin> {
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
        admin_password: ADMIN_PASSWORD,
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

export const signInAsMaster = (page: Page) => signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);

export async function signInAsAdmin(page: Page): Promise<TestAdmin> {
  const admin = await createAdmin('active');
  await signInThroughScreen(page, admin.email, admin.password);
  return admin;
}
