import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { REQUEST_TIMEOUT_MS } from '../../../api/runtime-config.ts';
import { UNCONFIRMED } from '../../../lib/failure-text.ts';
import { neverAnswer } from '../../../test/never-answer.ts';
import { masterSession } from '../../../test/session-fixtures.ts';
import { business, renderActions, renderRows, setupFakeServer } from './actions-test-kit.tsx';

const fake = setupFakeServer();

describe('Editar datos', () => {
  const PATCH = 'PATCH /master/business-data/api/v1/business-data/registry/REG000041';

  it('saves a new phone of a business whose stored category and owner the form would refuse', async () => {
    // As the public registration API or an import may have saved them.
    const imported: BusinessRow = {
      ...business,
      business_category: 'Venta de frituras',
      business_owner: "Juan O'Neill Jr.",
      version: '7',
    };
    fake().on(PATCH, {
      status: 200,
      body: { success: true, business: { ...imported, business_phone: '9395550199', version: '8' } },
    });
    const { user, onBusinessChange } = renderActions(masterSession(), imported);
    await user.click(screen.getByRole('button', { name: 'Editar datos de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos' });
    const phone = await within(dialog).findByLabelText(/Teléfono/);
    await user.clear(phone);
    await user.type(phone, '9395550199');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    await vi.waitFor(() => expect(fake().calls.at(-1)?.method).toBe('PATCH'));
    expect(fake().calls.at(-1)?.body).toEqual({ business_phone: '9395550199' });
    expect(within(dialog).queryByText('Debe seleccionar una categoría')).toBeNull();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onBusinessChange).toHaveBeenCalledWith(expect.objectContaining({ business_phone: '9395550199' }));
  });

  /** Opens 'Editar datos', changes the phone and clicks 'Guardar Cambios'; the open dialog. */
  async function changePhoneAndSave(user: ReturnType<typeof renderRows>['user']) {
    await user.click(screen.getByRole('button', { name: 'Editar datos de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos' });
    const phone = await within(dialog).findByLabelText(/Teléfono/);
    await user.clear(phone);
    await user.type(phone, '9395550199');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    return dialog;
  }

  async function saveNewPhone() {
    const { user, onBusinessDeleted } = renderActions(masterSession(), { ...business, version: '7' });
    return { dialog: await changePhoneAndSave(user), onBusinessDeleted };
  }

  it('when the business was deleted meanwhile, says so, turns saving off and takes its row off the list', async () => {
    fake().on(PATCH, { status: 404, body: { success: false, error: 'Business not found' } });
    const { dialog, onBusinessDeleted } = await saveNewPhone();
    expect(await within(dialog).findByText(/Este negocio ya no existe/)).toBeTruthy();
    expect(onBusinessDeleted).toHaveBeenCalledTimes(1);
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
  });

  it('closed after the business was found deleted, gives the focus to the row that took its place', async () => {
    fake().on(PATCH, { status: 404, body: { success: false, error: 'Business not found' } });
    const next: BusinessRow = {
      ...business,
      id: 42,
      business_registry_number: 'REG000042',
      business_name: 'Café Central',
    };
    const { user } = renderRows([business, next]);
    const dialog = await changePhoneAndSave(user);
    await within(dialog).findByText(/Este negocio ya no existe/);
    expect(screen.queryByRole('row', { name: 'Panadería La Esquina' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Not dropped on the page: a keyboard user goes on from the next business.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('row', { name: 'Café Central' })),
    );
  });

  it('keeps the focus on the field where Enter was pressed while it saves (read-only), and sends once', async () => {
    fake().on(PATCH, {
      status: 200,
      body: { success: true, business: { ...business, business_phone: '9395550199', version: '8' } },
    });
    const release = fake().hold(PATCH);
    const { user } = renderActions(masterSession(), { ...business, version: '7' });
    await user.click(screen.getByRole('button', { name: 'Editar datos de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos' });
    const phone = (await within(dialog).findByLabelText(/Teléfono/)) as HTMLInputElement;
    const category = within(dialog).getByRole('combobox', { name: /Categoría/ }) as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '9395550199');
    // Enter sends the form (jsdom does not, its button being outside the form: sent as Chrome does).
    const enter = () => fireEvent.submit(phone.form as HTMLFormElement);
    enter();

    await vi.waitFor(() => expect(phone.readOnly).toBe(true));
    expect(phone.matches(':disabled')).toBe(false);
    expect(category.readOnly).toBe(true);
    expect(category.matches(':disabled')).toBe(false);
    expect(document.activeElement).toBe(phone);
    enter();
    await user.type(phone, '1');
    expect(phone.value).toBe('(939) 555-0199');
    expect(fake().calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    release();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake().calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('offline, says the connection failed, under the form next to its buttons', async () => {
    fake().on(PATCH, 'network-error');
    const { dialog } = await saveNewPhone();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Error de conexión. Por favor intente nuevamente.');
    const form = dialog.querySelector('form');
    expect(form?.compareDocumentPosition(alert)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('without an answer in time, says the change may have been saved and to check first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    neverAnswer(PATCH);
    const { dialog } = await saveNewPhone();
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await within(dialog).findByText(UNCONFIRMED.change)).toBeTruthy();
  });
});
