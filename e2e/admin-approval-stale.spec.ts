// 'Aprobar' on a row the master looked at before someone suspended that admin (another tab, another
// device): the click names the version the row showed, so it is refused, says what the account is
// now, and the list catches up; the suspension stands.
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { createAdmin, masterApi, signInAsMaster } from './support/staff.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';

async function adminCall(path: string, method: 'GET' | 'PUT' | 'DELETE', data?: object) {
  const { api, headers } = await masterApi(BASE_URL);
  try {
    const response = await api.fetch(`${ADMINS}${path}`, { method, headers, data });
    return {
      status: response.status(),
      body: (await response.json()) as { admin: { access_status: string } },
    };
  } finally {
    await api.dispose();
  }
}

test('a stale Aprobar does not re-activate an admin suspended meanwhile', async ({ page }) => {
  const admin = await createAdmin('pending');
  try {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=aprobar-admins');
    await page.getByLabel('Buscar administradores').fill(admin.email);
    const row = page.getByRole('row').filter({ hasText: admin.email });
    await expect(row.getByText('Pendiente', { exact: true })).toBeVisible();

    // Someone else suspends the account while this screen still shows it pending.
    expect((await adminCall(`/${admin.adminId}`, 'PUT', { access_status: 'suspended' })).status).toBe(200);

    await row.getByRole('button', { name: /^Aprobar a / }).click();
    await expect(page.getByText(/^No se pudo aprobar a /)).toBeVisible();
    await expect(page.getByText(/ahora está suspendido/)).toBeVisible();
    // The pending list no longer shows the account.
    await expect(page.getByText('Sin resultados')).toBeVisible();
    expect((await adminCall(`/${admin.adminId}`, 'GET')).body.admin.access_status).toBe('suspended');
  } finally {
    await adminCall(`/${admin.adminId}`, 'DELETE');
  }
});
