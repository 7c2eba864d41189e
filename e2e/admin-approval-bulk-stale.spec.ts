// A bulk 'Activar' over a selection made before someone suspended one of its admins (another tab,
// another master): the action sends the version each row showed, so that admin is left alone and
// its line says who changed it and its status now; it stays selected, the others are activated. The
// next try, made knowing that, applies, though the pending filter no longer shows the account.
import { expect, test } from '@playwright/test';
import { createAdmin, masterAdminCall, signInAsMaster } from './support/staff.ts';

const statusOf = async (adminId: number) =>
  (await masterAdminCall(`/${adminId}`, 'GET')).body.admin.access_status;

const exactly = (text: string) => new RegExp(text.replace(/[.]/g, '\\.'));

test('a stale bulk Activar leaves the admin suspended meanwhile and activates the other', async ({
  page,
}) => {
  const kept = await createAdmin('pending');
  const changed = await createAdmin('pending');
  try {
    await signInAsMaster(page);
    await page.goto('/admin-dashboard?tab=aprobar-admins');
    for (const each of [kept, changed]) {
      await page.getByLabel('Buscar administradores').fill(each.email);
      const box = page.getByRole('checkbox', { name: exactly(each.email) });
      await box.check();
      await expect(box).toBeChecked();
    }
    const bar = page.getByRole('region', { name: 'Acciones masivas' });
    await expect(bar).toContainText('2 administradores seleccionados');

    // Someone else suspends one of them while this screen still shows it pending.
    expect((await masterAdminCall(`/${changed.adminId}`, 'PUT', { access_status: 'suspended' })).status).toBe(
      200,
    );

    await bar.getByRole('button', { name: 'Activar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activar 2 administradores' });
    await dialog.getByRole('button', { name: 'Activar 2 administradores' }).click();
    await expect(dialog.getByText('Se aplicó a 1 de 2 administradores')).toBeVisible();
    await expect(dialog).toContainText('Falló 1 administrador; sigue seleccionado para volver a intentarlo.');
    const failed = dialog.getByRole('region', { name: 'Administradores que fallaron' });
    await expect(failed).toContainText(changed.email);
    await expect(failed).not.toContainText(kept.email);
    await expect(failed).toContainText(
      /No se aplicó: la cuenta cambió después de que la viera \(la cambió .+ el .+\) y su estado ahora es Suspendido\. Si vuelve a intentarlo, se aplicará a la cuenta como está ahora\./,
    );
    expect(await statusOf(kept.adminId)).toBe('active');
    expect(await statusOf(changed.adminId)).toBe('suspended');

    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(bar).toContainText('1 administrador seleccionado');

    // The pending list no longer shows it; 'Activar' again, told it is suspended now, applies.
    await expect(page.getByRole('row').filter({ hasText: changed.email })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Activar', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Activar 1 administrador' });
    await again.getByRole('button', { name: 'Activar 1 administrador' }).click();
    await expect(again).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Acción masiva completada' })).toContainText(
      /1 administrador activado\./,
    );
    expect(await statusOf(changed.adminId)).toBe('active');
  } finally {
    await masterAdminCall(`/${kept.adminId}`, 'DELETE');
    await masterAdminCall(`/${changed.adminId}`, 'DELETE');
  }
});
