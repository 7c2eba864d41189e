// Where the focus goes after 'Enviar código' on 'Registrar Nuevo Negocio'. The button is disabled
// while it sends and then for the resend wait; Chrome then drops the focus to the page (jsdom does
// not, so the tests drop it as Chrome would). It goes to 'Copiar código' once the code shows, back
// to 'Enviar código' when sending failed, and stays where the person moved it meanwhile.
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

/** What Chrome does to the focus on a button that becomes disabled (jsdom blurs no disabled button:
 * the focus goes to an input that then goes away, leaving it on the page's body). */
function dropFocus() {
  const probe = document.body.appendChild(document.createElement('input'));
  probe.focus();
  probe.remove();
  expect(document.activeElement).toBe(document.body);
}

describe("'Enviar código' and the focus", () => {
  it("goes to 'Copiar código' once the code shows", async () => {
    const { release } = await sendHeld();
    dropFocus();
    fake().on(SEND, { status: 200, body: { success: true, message: 'Code sent', code: '482915' } });
    release();

    expect(await screen.findByText('482915')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Reenviar en \d+s$/ })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copiar código' })),
    );
  });

  it("comes back to 'Enviar código' when sending failed", async () => {
    const { release } = await sendHeld();
    dropFocus();
    fake().on(SEND, { status: 500, body: { success: false, message: 'Internal server error' } });
    release();

    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enviar código' })),
    );
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
