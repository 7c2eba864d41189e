// 'Cerrar las demás' signs the person out on every other device: it asks first, naming how many.
import type { SessionInfo } from '@portal/contract/sessions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import MySessionsScreen from './my-sessions-screen.tsx';

const LIST = 'GET /auth/sessions';
const END_OTHERS = 'POST /auth/sessions/end-others';

const session = (index: number, current = false): SessionInfo => ({
  session_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  created_at: '2026-03-01T12:00:00Z',
  last_seen_at: '2026-03-02T12:00:00Z',
  ip_address: '127.0.0.1',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  current,
});
const listed = (others: number) => ({
  status: 200,
  body: {
    success: true,
    sessions: [session(0, true), ...Array.from({ length: others }, (_, index) => session(index + 1))],
  },
});

let fake: ReturnType<typeof installFakeFetch>;

beforeEach(() => {
  localStorage.clear();
  sessionStore.signIn(adminSession());
  fake = installFakeFetch();
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

function renderScreen() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MySessionsScreen />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const endOthersCalls = () => fake.calls.filter((call) => call.method === 'POST');

describe("'Cerrar las demás'", () => {
  it('asks first, naming the 16 other sessions; Cancelar ends none', async () => {
    fake.on(LIST, listed(16));
    const user = renderScreen();
    await screen.findByText('Sesión actual');

    await user.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar las demás sesiones' });
    expect(dialog.textContent).toContain('Se cerrarán 16 sesiones en otros dispositivos.');
    expect(endOthersCalls()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(endOthersCalls()).toEqual([]);
  });

  it('ends them once confirmed, then closes', async () => {
    fake.on(LIST, listed(1), listed(0));
    fake.on(END_OTHERS, {
      status: 200,
      body: { success: true, message: 'Other sessions ended', ended_count: 1 },
    });
    const user = renderScreen();
    await screen.findByText('Sesión actual');

    await user.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar las demás sesiones' });
    expect(dialog.textContent).toContain('Se cerrará 1 sesión en otro dispositivo.');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesiones' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(endOthersCalls()).toHaveLength(1);
    // 'Cerrar las demás' is disabled now (nothing left to close): the page's title has the keyboard.
    const opener = screen.getByRole('button', { name: 'Cerrar las demás' });
    expect(opener.hasAttribute('disabled')).toBe(true);
    const title = screen.getByRole('heading', { name: 'Mis sesiones', level: 1 });
    await vi.waitFor(() => expect(title.contains(document.activeElement)).toBe(true));
  });

  it('says why in the dialog when the server fails, and stays open', async () => {
    fake.on(LIST, listed(2), listed(2));
    fake.on(END_OTHERS, { status: 500, body: { success: false, message: 'Internal server error' } });
    const user = renderScreen();
    await screen.findByText('Sesión actual');

    await user.click(screen.getByRole('button', { name: 'Cerrar las demás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar las demás sesiones' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesiones' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No se pudieron cerrar las demás sesiones',
    );
  });

  it('is off while this is the only session', async () => {
    fake.on(LIST, listed(0));
    renderScreen();
    await screen.findByText('Sesión actual');
    expect(screen.getByRole('button', { name: 'Cerrar las demás' }).hasAttribute('disabled')).toBe(true);
  });
});

describe("a row's 'Cerrar sesión'", () => {
  it('gives the keyboard to the next row once the ended one is gone', async () => {
    const [current, first, second] = [session(0, true), session(1), session(2)];
    const answer = (sessions: SessionInfo[]) => ({ status: 200, body: { success: true, sessions } });
    fake.on(LIST, answer([current, first, second]), answer([current, second]));
    fake.on(`DELETE /auth/sessions/${first.session_id}`, {
      status: 200,
      body: { success: true, message: 'ok' },
    });
    const user = renderScreen();
    const list = await screen.findByRole('list', { name: 'Sesiones abiertas' });
    const ends = () => within(list).getAllByRole('button', { name: /^Cerrar sesión de / });
    await vi.waitFor(() => expect(ends()).toHaveLength(2));

    await user.click(ends()[0] as HTMLElement);
    await vi.waitFor(() => expect(ends()).toHaveLength(1));
    expect(fake.calls.some((call) => call.method === 'DELETE' && call.path.endsWith(first.session_id))).toBe(
      true,
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(ends()[0]));
  });
});
