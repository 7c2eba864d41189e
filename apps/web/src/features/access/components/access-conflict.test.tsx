// A toggle that answers 412 shows the conflict view. Leaving it by keyboard ('Recargar', 'Aplicar
// mi cambio de todos modos') puts the focus on the switch the person tried, not on the page's body;
// and a toggle a master's 'off' binds (the 412's record says so) is not offered again to an admin.
import type { AccessControl } from '@portal/contract/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../../session/session-storage.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { adminSession, masterSession } from '../../../test/session-fixtures.ts';
import AccessScreen from './access-screen.tsx';

const REGISTRY = 'REG000061';
const CONFLICT_TITLE = 'Este registro cambió mientras lo editaba';
const APPLY = 'Aplicar mi cambio de todos modos';

const record = (adminId: AccessControl['admin_id'], values: Partial<AccessControl> = {}): AccessControl => ({
  access_id: adminId === null ? 1 : 2,
  admin_id: adminId,
  admin_email: adminId === null ? null : 'luis@portal.test',
  admin_name: adminId === null ? null : 'Luis Ortiz',
  is_master_access: adminId === null,
  public_access: true,
  product_access: true,
  service_access: true,
  employee_access: true,
  event_access: false,
  qr_access: true,
  last_update: '2026-03-01T12:00:00Z',
  version: '1',
  ...values,
});

const list = (records: AccessControl[]) => ({
  status: 200,
  body: {
    success: true,
    business: {
      business_registry_number: REGISTRY,
      business_name: 'Colmado Rivera',
      business_owner: 'Ana Rivera',
    },
    access_controls: records,
    total_count: records.length,
  },
});
const history = { status: 200, body: { success: true, history: [], total_count: 0, has_more: false } };
const conflict = (current: AccessControl) => ({
  status: 412,
  body: {
    success: false,
    error: 'Precondition failed: the record was changed by someone else',
    message: 'Precondition failed: the record was changed by someone else',
    current_version: current.version,
    current,
    changed_by: 'Master',
    changed_at: '2026-03-01T12:05:00Z',
  },
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

type Fake = ReturnType<typeof installFakeFetch>;

/** The screen on the business, with the answers `script` queues (before the first read). */
function renderScreen(session: StoredSession, script: (fake: Fake, base: string) => void) {
  localStorage.clear();
  sessionStore.signIn(session);
  const fake = installFakeFetch();
  const family = session.loginType === 'master' ? '/master' : '/admin';
  const base = `${family}/business-access/api/v1/business-access/registry/${REGISTRY}`;
  fake.on(`GET ${base}/history`, history, history, history);
  script(fake, base);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/admin-dashboard?tab=acceso&registro=${REGISTRY}`]}>
        <AccessScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fake, user: userEvent.setup() };
}

const adminCard = async () =>
  (await screen.findByRole('heading', { name: /Admin #12/ })).closest('article') as HTMLElement;

/** Admin #12's record as a master sees it, stale: QR was turned off meanwhile (version 2). */
const now = record(12, { qr_access: false, version: '2' });
const staleToggle = (fake: Fake, base: string) => {
  fake.on(`GET ${base}`, list([record(null), record(12)]), list([record(null), now]));
  fake.on(`PATCH ${base}/admin/12`, conflict(now));
};

describe('leaving the access conflict view by keyboard', () => {
  it("'Recargar' puts the focus on the switch tried, and keeps it there once reloaded", async () => {
    const { user } = renderScreen(masterSession(), staleToggle);
    const card = await adminCard();
    await user.click(within(card).getByRole('switch', { name: /EVENTOS/ }));
    const notice = await screen.findByRole('alert', { name: CONFLICT_TITLE });

    within(notice).getByRole('button', { name: 'Recargar' }).focus();
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('alert', { name: CONFLICT_TITLE })).toBeNull();
    const events = within(await adminCard()).getByRole('switch', { name: /EVENTOS/ });
    expect(document.activeElement).toBe(events);
    // The reloaded record: QR is off now, and the focus stayed on EVENTOS.
    await vi.waitFor(() =>
      expect(
        within(card)
          .getByRole('switch', { name: /CÓDIGOS QR/ })
          .getAttribute('aria-checked'),
      ).toBe('false'),
    );
    expect(document.activeElement).toBe(events);
  });

  it("'Aplicar mi cambio de todos modos' puts the focus on the switch once applied", async () => {
    const applied = record(12, { qr_access: false, event_access: true, version: '3' });
    const { fake, user } = renderScreen(masterSession(), (fake, base) => {
      fake.on(`GET ${base}`, list([record(null), record(12)]), list([record(null), applied]));
      fake.on(`PATCH ${base}/admin/12`, conflict(now), {
        status: 200,
        body: { success: true, message: 'Access updated successfully!', access_control: applied },
      });
    });
    const card = await adminCard();
    await user.click(within(card).getByRole('switch', { name: /EVENTOS/ }));
    const notice = await screen.findByRole('alert', { name: CONFLICT_TITLE });

    (await within(notice).findByRole('button', { name: APPLY })).focus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(screen.queryByRole('alert', { name: CONFLICT_TITLE })).toBeNull());
    const events = within(card).getByRole('switch', { name: /EVENTOS/ });
    await vi.waitFor(() => expect(events.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(events);
    const patches = fake.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.headers['If-Match'])).toEqual(['"1"', `"${now.version}"`]);
  });
});

describe('when leaving the conflict view does not go as planned', () => {
  it("a second 412 after 'Aplicar mi cambio de todos modos' puts the focus on the new notice", async () => {
    // Changed again meanwhile: SERVICIOS is off too now (version 3).
    const again = record(12, { qr_access: false, service_access: false, version: '3' });
    const { fake, user } = renderScreen(masterSession(), (fake, base) => {
      fake.on(`GET ${base}`, list([record(null), record(12)]));
      fake.on(`PATCH ${base}/admin/12`, conflict(now), conflict(again));
    });
    await user.click(within(await adminCard()).getByRole('switch', { name: /EVENTOS/ }));
    const first = await screen.findByRole('alert', { name: CONFLICT_TITLE });

    (await within(first).findByRole('button', { name: APPLY })).focus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() =>
      expect(screen.getByRole('alert', { name: CONFLICT_TITLE }).textContent).toContain('SERVICIOS'),
    );
    const notice = screen.getByRole('alert', { name: CONFLICT_TITLE });
    const reload = within(notice).getByRole('button', { name: 'Recargar' });
    await vi.waitFor(() => expect(document.activeElement).toBe(reload));
    const patches = fake.calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => call.headers['If-Match'])).toEqual(['"1"', '"2"']);
  });

  it("'Recargar' whose reload fails lands on the error and its 'Reintentar'", async () => {
    const { fake, user } = renderScreen(masterSession(), (fake, base) => {
      fake.on(`GET ${base}`, list([record(null), record(12)]), 'network-error', list([record(null), now]));
      fake.on(`PATCH ${base}/admin/12`, conflict(now));
    });
    await user.click(within(await adminCard()).getByRole('switch', { name: /EVENTOS/ }));
    const notice = await screen.findByRole('alert', { name: CONFLICT_TITLE });

    within(notice).getByRole('button', { name: 'Recargar' }).focus();
    await user.keyboard('{Enter}');

    const failure = (await screen.findByText('No se pudo cargar el acceso')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(failure.textContent).toContain('Error de conexión. Por favor intente nuevamente.');
    const retry = within(failure).getByRole('button', { name: 'Reintentar' });
    await vi.waitFor(() => expect(document.activeElement).toBe(retry));

    // Read again: the cards are back, and the business's heading has the focus, not the page.
    await user.keyboard('{Enter}');
    await adminCard();
    const heading = screen.getByRole('heading', { name: 'Colmado Rivera' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      fake.calls.filter((call) => call.method === 'GET' && !call.path.includes('/history')),
    ).toHaveLength(3);
  });
});

describe("the 412's record, for an admin", () => {
  it("does not offer to apply again what a master's 'off' binds", async () => {
    const mine = record('current_user', { product_access: false });
    const { user } = renderScreen(adminSession(), (fake, base) => {
      fake.on(`GET ${base}`, list([record(null), mine]));
      fake.on(
        `PATCH ${base}/admin/current_user`,
        conflict({ ...mine, version: '3', turned_off_by_master: ['product_access'] }),
      );
    });
    const card = (await screen.findByRole('heading', { name: /Mi acceso/ })).closest(
      'article',
    ) as HTMLElement;
    await user.click(within(card).getByRole('switch', { name: /PRODUCTOS/ }));

    const notice = await screen.findByRole('alert', { name: CONFLICT_TITLE });
    expect(within(notice).queryByRole('button', { name: 'Recargar' })).not.toBeNull();
    expect(within(notice).queryByRole('button', { name: APPLY })).toBeNull();
  });
});
