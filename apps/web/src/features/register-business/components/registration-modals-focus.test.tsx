// The focus in the dialogs of 'Registrar Nuevo Negocio' while they wait for the server: 'Confirmar
// Registro' and 'Reintentar guardar ubicación' stay focusable (aria-disabled, not disabled) while
// they send, and keep the focus when the server refuses.
import { EMPTY_REGISTER_BUSINESS_FORM } from '@portal/contract/register-business-form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import type { RegisterResult } from '../api/use-register-business.ts';
import { buildLocationPayload } from '../registration-payload.ts';
import { ConfirmRegistrationModal } from './confirm-registration-modal.tsx';
import { RegistrationSuccessModal } from './registration-success-modal.tsx';

const fake = signedInWithFakeFetch();

const VALUES = {
  ...EMPTY_REGISTER_BUSINESS_FORM,
  business_name: 'Panadería Sol',
  location_address_1: 'Calle Luna 5',
  location_city: 'Ponce',
  location_zip: '00716',
};

describe("'Confirmar Registro' while it saves", () => {
  it('keeps the focus, says it is busy and confirms only once', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmRegistrationModal
        values={VALUES}
        exactLocation={{ status: 'off', error: null }}
        saving={false}
        error={null}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const user = userEvent.setup();
    const confirm = await screen.findByRole('button', { name: 'Confirmar Registro' });
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(
      <ConfirmRegistrationModal
        values={VALUES}
        exactLocation={{ status: 'off', error: null }}
        saving
        error={null}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const saving = screen.getByRole('button', { name: 'Registrando...' });
    expect(saving).toBe(confirm);
    expect(saving).toHaveProperty('disabled', false);
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(saving.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(saving);
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe("'Reintentar guardar ubicación'", () => {
  it('keeps the focus while it sends and when the location is refused again', async () => {
    const result: RegisterResult = {
      success: true,
      message: 'Business registered',
      business_registry_number: 'REG000123',
      business_name: 'Panadería Sol',
      verified_email: false,
      verified_phone: false,
      locationSaved: false,
      location: buildLocationPayload(VALUES, null),
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RegistrationSuccessModal result={result} onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const path = '/master/business-registration/api/v1/business-registration/registry/REG000123/locations';
    const release = fake().hold(`POST ${path}`);
    fake().on(`POST ${path}`, { status: 500, body: { success: false, message: 'Internal server error' } });
    const retry = await screen.findByRole('button', { name: 'Reintentar guardar ubicación' });
    retry.focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(fake().callsTo(path)).toHaveLength(1));
    await waitFor(() => expect(retry.getAttribute('aria-disabled')).toBe('true'));
    expect(retry).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(retry);
    release();

    expect(await screen.findByText('Internal server error')).toBeTruthy();
    expect(retry.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(retry);
  });
});
