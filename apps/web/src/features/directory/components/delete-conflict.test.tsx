// 'Eliminar Negocio' names the version on screen (If-Match): a business someone changed meanwhile is
// not deleted (412), the conflict view says what changed, and 'Recargar' shows it as it is now.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { masterSession } from '../../../test/session-fixtures.ts';
import { business, renderActions, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();
const PATH = '/master/business-deletion/REG000041';
const DELETE = `DELETE ${PATH}`;
const seen = { ...business, version: '3' };
const CONFLICT = {
  status: 412,
  body: {
    success: false,
    error: 'Precondition failed: the record was changed by someone else',
    message: 'Precondition failed: the record was changed by someone else',
    current: { ...business, business_owner: 'Luis Ortiz', version: '4' },
    current_version: '4',
    changed_by: 'ana@portal.test',
    changed_at: '2026-11-26T15:00:00.000Z',
  },
};

async function confirmDeletion(user: ReturnType<typeof renderActions>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Eliminar Negocio' });
  await user.type(within(dialog).getByLabelText(/Escriba el número de registro/), 'REG000041');
  await user.click(within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' }));
  return dialog;
}

describe('Eliminar Negocio: a business changed meanwhile', () => {
  it('sends the version on screen; a 412 deletes nothing and shows what changed, who and when', async () => {
    fake().on(DELETE, CONFLICT);
    const { user, onBusinessDeleted } = renderActions(masterSession(), seen);
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await confirmDeletion(user);

    const notice = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(within(notice).getByText('Este negocio cambió mientras confirmaba su eliminación')).toBeTruthy();
    const row = within(notice).getByRole('row', { name: /Propietario/ });
    expect(within(row).getByText('María Rodríguez')).toBeTruthy();
    expect(within(row).getByText('Luis Ortiz')).toBeTruthy();
    expect(within(notice).getByText('ana@portal.test')).toBeTruthy();
    expect(notice.textContent).toContain('No se eliminó el negocio.');
    // Deciding again starts from the business as it is now: no way to delete over the change.
    expect(within(notice).queryByRole('button', { name: /de todos modos/ })).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Entiendo, eliminar este negocio' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByText('Eliminación Exitosa')).toBeNull();
    expect(onBusinessDeleted).not.toHaveBeenCalled();
    expect(fake().callsTo(PATH)).toHaveLength(1);
    expect(fake().callsTo(PATH)[0]?.headers['If-Match']).toBe('"3"');
  });

  it("'Recargar' shows the business as it is now; confirming again deletes it at that version", async () => {
    fake().on(DELETE, CONFLICT, {
      status: 200,
      body: { success: true, message: 'Negocio eliminado exitosamente.' },
    });
    const { user, onBusinessChange, onBusinessDeleted } = renderActions(masterSession(), seen);
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await confirmDeletion(user);
    const notice = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });

    await user.click(within(notice).getByRole('button', { name: 'Recargar' }));
    expect(within(dialog).queryByText('Este negocio cambió mientras confirmaba su eliminación')).toBeNull();
    expect(within(dialog).getByText('Luis Ortiz')).toBeTruthy();
    expect(onBusinessChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ business_owner: 'Luis Ortiz', version: '4' }),
    );
    // The confirmation is asked for again, from an empty field.
    const input = within(dialog).getByLabelText(/Escriba el número de registro/) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(fake().callsTo(PATH)).toHaveLength(1);

    await confirmDeletion(user);
    expect(await within(dialog).findByText('Eliminación Exitosa')).toBeTruthy();
    expect(fake().callsTo(PATH)[1]?.headers['If-Match']).toBe('"4"');
    expect(onBusinessDeleted).toHaveBeenCalledTimes(1);
  });

  it('a row without a version (none on screen) is deleted without If-Match', async () => {
    fake().on(DELETE, { status: 200, body: { success: true, message: 'Negocio eliminado exitosamente.' } });
    const { user } = renderActions(masterSession(), business);
    await user.click(screen.getByRole('button', { name: 'Eliminar Panadería La Esquina' }));
    const dialog = await confirmDeletion(user);
    expect(await within(dialog).findByText('Eliminación Exitosa')).toBeTruthy();
    expect(fake().callsTo(PATH)[0]?.headers).not.toHaveProperty('If-Match');
  });
});
