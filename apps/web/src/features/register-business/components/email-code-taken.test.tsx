// 'Enviar código' on 'Registrar Nuevo Negocio' asks first whether the email is already a business's:
// a taken email gets no code, a free one does, and a check that cannot answer blocks nothing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { stubResizeObserver } from '../../../test/stub-resize-observer.ts';
import { clearRegistrationDraft } from '../registration-draft.ts';
import { RegisterBusinessForm } from './register-business-form.tsx';

const VERIFY = 'POST /public/business-registration/api/v1/business-registration/verify';
const SEND = 'POST /master/email-verification/send-code';
// SPEC §5's message when the existence check finds the email.
const TAKEN_MESSAGE = 'Este correo electrónico ya está registrado';
const EMAIL = 'panaderia.sol@example.com';

const fake = signedInWithFakeFetch();
beforeEach(() => {
  // Each test starts from an empty form, not the draft the one before left.
  clearRegistrationDraft();
  // The 'Verificado' switches measure themselves.
  stubResizeObserver();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RegisterBusinessForm onRegistered={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sendCalls = () => fake().calls.filter((call) => call.path === '/master/email-verification/send-code');
const verifyCalls = () => fake().calls.filter((call) => call.path.endsWith('/business-registration/verify'));

async function typeEmailAndSend() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/^Correo electrónico/));
  await user.paste(EMAIL);
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  return user;
}

describe("Registrar Nuevo Negocio: 'Enviar código' and an email already in the directory", () => {
  it('sends no code to a taken email and says so on the field, which gets the focus', async () => {
    fake().on(VERIFY, { status: 200, body: { success: true, exists: true } });
    renderForm();
    await typeEmailAndSend();

    expect(await screen.findByText(TAKEN_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText(/^Correo electrónico/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Correo electrónico/));
    expect(verifyCalls()[0]?.body).toEqual({ field: 'email', value: EMAIL });
    expect(sendCalls()).toHaveLength(0);
    expect(screen.queryByText('Código de verificación enviado')).toBeNull();
  });

  it('leaving a taken email says so at once, before any code is asked for', async () => {
    fake().on(VERIFY, { status: 200, body: { success: true, exists: true } });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Correo electrónico/));
    await user.paste(EMAIL);
    await user.tab();

    expect(await screen.findByText(TAKEN_MESSAGE)).toBeTruthy();
    expect(sendCalls()).toHaveLength(0);
  });

  it('sends the code to a free email', async () => {
    fake().on(VERIFY, { status: 200, body: { success: true, exists: false } });
    fake().on(SEND, { status: 200, body: { success: true, message: 'Code sent', code: '482915' } });
    renderForm();
    await typeEmailAndSend();

    expect(await screen.findByText('482915')).toBeTruthy();
    expect(sendCalls()).toHaveLength(1);
    expect(sendCalls()[0]?.body).toEqual({ email: EMAIL });
    const order = fake().calls.map((call) => call.path);
    expect(order.findIndex((path) => path.endsWith('/verify'))).toBeLessThan(
      order.indexOf('/master/email-verification/send-code'),
    );
    expect(screen.queryByText(TAKEN_MESSAGE)).toBeNull();
  });

  it.each([
    ['the server fails', { status: 500, body: { success: false, message: 'Internal server error' } }],
    ['there is no connection', 'network-error' as const],
  ])('sends the code as before when the check cannot answer (%s)', async (_, failure) => {
    fake().on(VERIFY, failure, failure, failure);
    fake().on(SEND, { status: 200, body: { success: true, message: 'Code sent', code: '730164' } });
    renderForm();
    await typeEmailAndSend();

    expect(await screen.findByText('730164')).toBeTruthy();
    expect(sendCalls()).toHaveLength(1);
    expect(verifyCalls().length).toBeGreaterThan(0);
    expect(screen.queryByText(TAKEN_MESSAGE)).toBeNull();
  });
});
