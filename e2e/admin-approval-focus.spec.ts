// 'Aprobar Admins' by keyboard: when an action takes away the row (or the button) that was used,
// the focus goes to the list of admins, not to the top of the page.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { type AdminStatus, createAdmin, masterAdminCall, signInAsMaster } from './support/staff.ts';

const NAME = 'Prueba Automática';

/** The tab with `status`'s admins, narrowed to `email` by the search box; the search's own answer is in. */
async function openFor(page: Page, email: string, status: AdminStatus | 'all') {
  await signInAsMaster(page);
  await page.goto(`/admin-dashboard?tab=aprobar-admins${status === 'pending' ? '' : `&estado=${status}`}`);
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === email,
  );
  await page.getByLabel('Buscar administradores').fill(email);
  await searched;
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  return row;
}

const list = (page: Page) => page.getByRole('region', { name: 'Lista de administradores' });

async function withAdmin(status: AdminStatus, run: (email: string, adminId: number) => Promise<void>) {
  const admin = await createAdmin(status);
  try {
    await run(admin.email, admin.adminId);
  } finally {
    await masterAdminCall(`/${admin.adminId}`, 'DELETE');
  }
}

test('Aprobar: the pending row leaves and the focus stays on the list', async ({ page }) => {
  await withAdmin('pending', async (email) => {
    const row = await openFor(page, email, 'pending');
    await row.getByRole('button', { name: `Aprobar a ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Administrador aprobado' })).toBeVisible();
    await expect(row).toBeHidden();
    await expect(list(page)).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('Activar: the suspended row leaves its list and the focus stays on the list', async ({ page }) => {
  await withAdmin('suspended', async (email) => {
    const row = await openFor(page, email, 'suspended');
    await row.getByRole('button', { name: `Activar a ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Administrador activado' })).toBeVisible();
    await expect(row).toBeHidden();
    await expect(list(page)).toBeFocused();
  });
});

test('Desbloquear: its button leaves and the focus stays on the list', async ({ page, request }) => {
  await withAdmin('active', async (email) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await request.post('/auth/login', { data: { email, password: 'Mala#Clave1' } });
    }
    const row = await openFor(page, email, 'all');
    await row.getByRole('button', { name: `Desbloquear a ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Bloqueo liberado' })).toBeVisible();
    await expect(row.getByRole('button', { name: `Desbloquear a ${NAME}` })).toBeHidden();
    await expect(list(page)).toBeFocused();
  });
});

test('a stale Aprobar refused: the list is read again and keeps the focus', async ({ page }) => {
  await withAdmin('pending', async (email, adminId) => {
    const row = await openFor(page, email, 'pending');
    expect((await masterAdminCall(`/${adminId}`, 'PUT', { access_status: 'suspended' })).status).toBe(200);
    await row.getByRole('button', { name: `Aprobar a ${NAME}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^No se pudo aprobar a /)).toBeVisible();
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await expect(list(page)).toBeFocused();
  });
});

test('bulk Activar: the dialog closes with its admins gone and the focus goes to the list', async ({
  page,
}) => {
  await withAdmin('pending', async (email) => {
    const row = await openFor(page, email, 'pending');
    await row.getByRole('checkbox', { name: `Seleccionar a ${NAME} (${email})` }).check();
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await bar.getByRole('button', { name: 'Activar', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Activar 1 / }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Acción masiva completada' })).toBeVisible();
    await expect(row).toBeHidden();
    await expect(list(page)).toBeFocused();
  });
});
