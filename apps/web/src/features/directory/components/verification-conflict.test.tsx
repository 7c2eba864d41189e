// The verification modal when someone else changed the business meanwhile (412).
import { TIMING } from '@portal/contract/limits';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business, renderActions, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();
const PATCH = 'PATCH /master/verification/registry/REG000041';
const CONFLICT = {
  status: 412,
  body: {
    success: false,
    error: 'Precondition failed: the record was changed by someone else',
    message: 'Precondition failed: the record was changed by someone else',
    current: { ...business, verified_phone: true, status: 'Partially Verified', version: '4' },
    current_version: '4',
    changed_by: 'ana@portal.test',
    changed_at: '2026-11-26T15:00:00.000Z',
  },
};

async function saveEmailFlag() {
  const { user, onBusinessChange } = renderActions();
  await user.click(screen.getByRole('button', { name: 'Gestionar verificación de Panadería La Esquina' }));
  const dialog = await screen.findByRole('dialog', { name: 'Gestionar Verificación' });
  await user.click(within(within(dialog).getByRole('group', { name: 'Email' })).getByRole('switch'));
  await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
  const notice = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
  return { user, onBusinessChange, dialog, notice };
}

describe('Gestionar Verificación: edit conflict', () => {
  it('shows what changed, who and when; applying sends only the own flag at the new version', async () => {
    fake().on(PATCH, CONFLICT, {
      status: 200,
      body: {
        success: true,
        verification_status: { ...business, verified_email: true, verified_phone: true, version: '5' },
      },
    });
    const { user, onBusinessChange, dialog, notice } = await saveEmailFlag();
    expect(within(notice).getByText('Este registro cambió mientras lo editaba')).toBeTruthy();
    const row = within(notice).getByRole('row', { name: /Teléfono verificado/ });
    expect(within(row).getByText('No')).toBeTruthy();
    expect(within(row).getByText('Sí')).toBeTruthy();
    expect(within(notice).getByText('ana@portal.test')).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Aplicar mi cambio de todos modos' }));
    expect(await within(dialog).findByText('Estado de verificación actualizado exitosamente')).toBeTruthy();
    const sent = fake().calls.at(-1);
    expect(sent?.headers['If-Match']).toBe('"4"');
    expect(sent?.body).toEqual({ verified_email: true });
    expect(onBusinessChange).toHaveBeenLastCalledWith({
      verified_email: true,
      verified_phone: true,
      version: '5',
    });
    // The switches show what is saved now, the other person's phone flag included.
    for (const channel of ['Email', 'Teléfono']) {
      const flag = within(dialog).getByRole('group', { name: channel });
      expect(within(flag).getByRole('switch').getAttribute('aria-checked'), channel).toBe('true');
    }
    expect(within(dialog).queryByText('No Verificado')).toBeNull();
    // ...and the dialog stays until the person closes it (past the usual auto-close).
    await new Promise((resolve) => setTimeout(resolve, TIMING.verificationModalCloseMs + 300));
    expect(screen.getByRole('dialog', { name: 'Gestionar Verificación' })).toBe(dialog);
  });

  it("'Recargar' takes the business as it is now and writes nothing", async () => {
    fake().on(PATCH, CONFLICT);
    const { user, onBusinessChange, dialog, notice } = await saveEmailFlag();
    const calls = fake().calls.length;
    await user.click(within(notice).getByRole('button', { name: 'Recargar' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onBusinessChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ verified_phone: true, version: '4' }),
    );
    const phone = within(within(dialog).getByRole('group', { name: 'Teléfono' })).getByRole('switch');
    expect(phone.getAttribute('aria-checked')).toBe('true');
    expect(fake().calls.length).toBe(calls);
  });
});
