// 'Activar verificación en dos pasos' on 'Seguridad' asks for the current password besides the code:
// a wrong password reads in Spanish under its own field, which gets the keyboard back, and nothing
// typed is lost; a wrong code still reads under the code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { setMessageTranslator } from '../../../lib/message-translator.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import SecurityScreen from './security-screen.tsx';

const refusal = (message: string) => ({ status: 401, body: { success: false, error: message, message } });
const CODES = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`);

let fake: ReturnType<typeof installFakeFetch>;

beforeAll(registerSpanishMessages);
afterAll(() => setMessageTranslator(null));

beforeEach(() => {
  localStorage.clear();
  sessionStore.signIn(adminSession());
  fake = installFakeFetch();
  fake.on(
    'GET /auth/2fa',
    { status: 200, body: { success: true, enabled: false, required: false, recovery_codes_left: 0 } },
    { status: 200, body: { success: true, enabled: true, required: false, recovery_codes_left: 10 } },
  );
  fake.on('POST /auth/2fa/setup', {
    status: 200,
    body: {
      success: true,
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/x',
      qr_svg: '<svg/>',
    },
  });
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

async function openSetup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/seguridad']}>
        <SecurityScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Activar verificación en dos pasos' }));
  const form = await screen.findByRole('form', { name: 'Configurar la verificación en dos pasos' });
  return {
    user,
    form,
    password: within(form).getByLabelText(/^Contraseña actual/) as HTMLInputElement,
    code: within(form).getByRole('textbox', { name: 'Código de verificación' }) as HTMLInputElement,
    confirm: within(form).getByRole('button', { name: 'Confirmar y activar' }),
  };
}

it('asks for the current password: a wrong one is said under its field, which gets the focus back', async () => {
  fake.on(
    'POST /auth/2fa/enable',
    refusal('Current password is incorrect'),
    refusal('Invalid two-factor code'),
    { status: 200, body: { success: true, message: 'enabled', recovery_codes: CODES } },
  );
  const { user, form, password, code, confirm } = await openSetup();

  // Nothing typed: the password is asked for first, in the words of 'Cambiar contraseña', and nothing is sent.
  await user.click(confirm);
  expect(within(form).getByText('La contraseña actual es requerida').getAttribute('role')).toBe('alert');
  expect(document.activeElement).toBe(password);
  expect(fake.callsTo('/auth/2fa/enable')).toHaveLength(0);

  // A password but a short code: the code field is what is wrong, and it gets the keyboard.
  await user.type(password, 'Mala#Clave1');
  await user.type(code, '12');
  await user.click(confirm);
  expect(within(form).getByText('Ingrese el código de 6 dígitos.').getAttribute('role')).toBe('alert');
  expect(document.activeElement).toBe(code);
  expect(fake.callsTo('/auth/2fa/enable')).toHaveLength(0);
  await user.clear(password);
  await user.clear(code);

  await user.type(password, 'Mala#Clave1');
  await user.type(code, '123456');
  await user.click(confirm);
  const wrong = await within(form).findByText('La contraseña actual es incorrecta.');
  expect(wrong.getAttribute('role')).toBe('alert');
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(password.getAttribute('aria-describedby')).toBe(wrong.id);
  expect(document.activeElement).toBe(password);
  // What was typed stays; the code field says nothing.
  expect([password.value, code.value]).toEqual(['Mala#Clave1', '123456']);
  expect(code.getAttribute('aria-invalid')).toBeNull();

  // Typing again clears the refusal; a wrong code is then said under the code.
  await user.clear(password);
  await user.type(password, 'Buena#Clave1');
  expect(within(form).queryByText('La contraseña actual es incorrecta.')).toBeNull();
  await user.click(confirm);
  expect(await within(form).findByText('Código de verificación incorrecto.')).toBeTruthy();
  // The refused code's field takes the keyboard from 'Confirmar y activar'.
  expect(document.activeElement).toBe(code);
  expect(password.getAttribute('aria-invalid')).toBeNull();
  expect(password.value).toBe('Buena#Clave1');

  await user.clear(code);
  await user.type(code, '654321');
  await user.click(confirm);
  expect(await screen.findByRole('list', { name: 'Códigos de recuperación' })).toBeTruthy();
  expect(fake.callsTo('/auth/2fa/enable').map((call) => call.body)).toEqual([
    { code: '123456', current_password: 'Mala#Clave1' },
    { code: '123456', current_password: 'Buena#Clave1' },
    { code: '654321', current_password: 'Buena#Clave1' },
  ]);
}, 60_000);

it('keeps the keyboard on the card when its content changes: setup, codes, done, turned off', async () => {
  fake.on('POST /auth/2fa/enable', {
    status: 200,
    body: { success: true, message: 'enabled', recovery_codes: CODES },
  });
  const { user, password, code, confirm } = await openSetup();
  const title = screen.getByRole('heading', { name: 'Verificación en dos pasos', level: 2 });
  // 'Activar…' gave way to the setup form.
  expect(document.activeElement).toBe(title);

  await user.type(password, 'Buena#Clave1');
  await user.type(code, '654321');
  await user.click(confirm);
  await screen.findByRole('list', { name: 'Códigos de recuperación' });
  expect(document.activeElement).toBe(title);
  // said on the card, above the codes (a toast lay over 'Listo' on a phone)
  expect(screen.getByText('La verificación en dos pasos quedó activada.')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Listo' }));
  await screen.findByRole('button', { name: 'Desactivar' });
  expect(document.activeElement).toBe(title);
  expect(screen.queryByText('La verificación en dos pasos quedó activada.')).toBeNull();

  fake.on('POST /auth/2fa/disable', { status: 200, body: { success: true, message: 'disabled' } });
  fake.on('GET /auth/2fa', {
    status: 200,
    body: { success: true, enabled: false, required: false, recovery_codes_left: 0 },
  });
  // An empty code: said under the field, which gets the keyboard from 'Desactivar'.
  await user.click(screen.getByRole('button', { name: 'Desactivar' }));
  expect(screen.getByText('Ingrese el código de 6 dígitos.').getAttribute('role')).toBe('alert');
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Código de verificación' }));
  expect(fake.callsTo('/auth/2fa/disable')).toHaveLength(0);
  await user.type(screen.getByRole('textbox', { name: 'Código de verificación' }), '111111');
  await user.click(screen.getByRole('button', { name: 'Desactivar' }));
  await screen.findByRole('button', { name: 'Activar verificación en dos pasos' });
  expect(document.activeElement).toBe(title);
}, 60_000);

it("names its password field apart from 'Cambiar contraseña''s, and marks both its fields required", async () => {
  const { form, password, code } = await openSetup();
  const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`) as HTMLElement;
  // What a screen reader hears (the asterisk is aria-hidden): not a second 'Contraseña actual'.
  const heard = (label: HTMLElement) =>
    Array.from(label.childNodes)
      .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true'))
      .map((node) => node.textContent)
      .join('');
  expect(heard(labelOf(password))).toBe('Contraseña actual para activar la verificación en dos pasos');
  const other = screen.getByRole('region', { name: 'Cambiar contraseña' });
  const changeCurrent = within(other).getByLabelText(/^Contraseña actual/);
  expect(heard(labelOf(changeCurrent))).toBe('Contraseña actual');
  // Both fields of the setup carry the red asterisk of the required ones.
  expect(within(form).getAllByText('*')).toHaveLength(2);
  for (const input of [password, code])
    expect(labelOf(input).querySelector('[aria-hidden="true"]')?.textContent).toBe('*');
}, 60_000);
