// 'Aprobar' on a row the master looked at before someone suspended that admin (another tab, another
// device): the click names the version the row showed, so it is refused, says what the account is
// now, and the list catches up; the suspension stands.
import { expect, test } from '@playwright/test';
import { createAdmin, masterAdminCall, signInAsMaster } from './support/staff.ts';

test('a stale Aprobar does not re-activate an admin suspended meanwhile', async ({ page }) => {
  const admin = await createAdmin('pending');
  try {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=aprobar-admins');
    // The search's own answer, not the first page it replaces: one arriving after the suspension
    // would show the account as it is, and there would be no stale row to click.
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === admin.email,
    );
    await page.getByLabel('Buscar administradores').fill(admin.email);
    await searched;
    const row = page.getByRole('row').filter({ hasText: admin.email });
    await expect(row.getByText('Pendiente', { exact: true })).toBeVisible();

    // Someone else suspends the account while this screen still shows it pending.
    expect((await masterAdminCall(`/${admin.adminId}`, 'PUT', { access_status: 'suspended' })).status).toBe(
      200,
    );

    await row.getByRole('button', { name: /^Aprobar a / }).click();
    await expect(page.getByText(/^No se pudo aprobar a /)).toBeVisible();
    await expect(
      page.getByText(
        /^La cuenta cambió mientras tanto \(la cambió .+\) y su estado ahora es Suspendido\. La lista ya la muestra como está; revísela antes de intentarlo de nuevo\.$/,
      ),
    ).toBeVisible();
    // The pending list no longer shows the account.
    await expect(page.getByText('Sin resultados')).toBeVisible();
    expect((await masterAdminCall(`/${admin.adminId}`, 'GET')).body.admin.access_status).toBe('suspended');
  } finally {
    await masterAdminCall(`/${admin.adminId}`, 'DELETE');
  }
});
