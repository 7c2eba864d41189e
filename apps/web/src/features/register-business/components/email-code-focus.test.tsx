// Where the focus goes after 'Enviar código' on 'Registrar Nuevo Negocio'. The button keeps it while
// it sends (busy: aria-disabled, not disabled, which Chrome would drop it from); once the code shows
// the button waits to resend, disabled, and 'Copiar código' takes it. It stays on 'Enviar código'
// when sending failed, and where the person moved it meanwhile.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { stubResizeObserver } from '../../../test/stub-resize-observer.ts';
import { clearRegistrationDraft } from '../registration-draft.ts';
import { RegisterBusinessForm } from './register-business-form.tsx';

const VERIFY = 'POST /public/business-registration/api/v1/business-registration/verify';
const SEND = 'POST /master/email-verification/send-code';
const SEND_PATH = '/master/email-verification/send-code';

const fake = signedInWithFakeFetch();
beforeEach(() => {
  clearRegistrationDraft();
  // The 'Verificado' switches measure themselves.
  stubResizeObserver();
});

/** Types an email, presses 'Enviar código' with the keyboard and waits, the answer held, for the call. */
async function sendHeld() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <RegisterBusinessForm onRegistered={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fake().on(VERIFY, { status: 200, body: { success: true, exists: false } });
  const release = fake().hold(SEND);
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/^Correo electrónico/));
  await user.paste('panaderia.sol@example.com');
  // Past the 'Verificado' switch.
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar código' }));
  await user.keyboard('{Enter}');
  await waitFor(() => expect(fake().callsTo(SEND_PATH)).toHaveLength(1));
  return { user, release };
}

/** 'Enviar código' while it sends: busy but not disabled, so it keeps the focus. */
async function expectBusyAndFocused() {
  const send = screen.getByRole('button', { name: 'Enviar código' });
  await waitFor(() => expect(send.getAttribute('aria-disabled')).toBe('true'));
  expect(send).toHaveProperty('disabled', false);
  expect(document.activeElement).toBe(send);
  return send;
}

describe("'Enviar código' and the focus", () => {
  it("goes to 'Copiar código' once the code shows", async () => {
    const { user, release } = await sendHeld();
    await expectBusyAndFocused();
    // Pressed again while it sends: nothing more is sent.
    await user.keyboard('{Enter}');
    expect(fake().callsTo(SEND_PATH)).toHaveLength(1);
    fake().on(SEND, { status: 200, body: { success: true, message: 'Code sent', code: '482915' } });
    release();

    expect(await screen.findByText('482915')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Reenviar en \d+s$/ })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copiar código' })),
    );
  });

  it("stays on 'Enviar código' when sending failed", async () => {
    const { release } = await sendHeld();
    const send = await expectBusyAndFocused();
    fake().on(SEND, { status: 500, body: { success: false, message: 'Internal server error' } });
    release();

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(send.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(send);
  });

  it('stays on the field the person moved to while it was sending', async () => {
    const { user, release } = await sendHeld();
    await user.click(screen.getByLabelText(/^Número de teléfono/));
    fake().on(SEND, { status: 200, body: { success: true, message: 'Code sent', code: '730164' } });
    release();

    expect(await screen.findByText('730164')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Número de teléfono/));
  });
});
