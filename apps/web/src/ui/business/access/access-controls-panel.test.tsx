// 'Agregar Mi Acceso Admin' follows SPEC §2's default-create flow, as the empty state does: the first
// click only reveals 'Crear Acceso para Mí'; 'Cancelar' hides it; nothing is created until chosen.
// The button chosen keeps the focus while it creates (busy, not disabled).
import type { AccessControl } from '@portal/contract/access';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store.ts';
import { installFakeFetch } from '../../../test/fake-fetch.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import { AccessControlsPanel } from './access-controls-panel.tsx';

const REGISTRY = 'REG000050';
const CREATE = `POST /admin/business-access/api/v1/business-access/registry/${REGISTRY}/default`;

const record = (accessId: number, adminId: AccessControl['admin_id']): AccessControl => ({
  access_id: accessId,
  admin_id: adminId,
  admin_email: adminId === null ? null : `admin${accessId}@portal.test`,
  admin_name: adminId === null ? null : 'Luis Ortiz',
  is_master_access: adminId === null,
  public_access: true,
  product_access: true,
  service_access: true,
  employee_access: true,
  event_access: true,
  qr_access: true,
  last_update: new Date().toISOString(),
  version: '1',
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

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccessControlsPanel
        registry={REGISTRY}
        records={[record(1, null), record(2, 12)]}
        viewer={{ loginType: 'admin', adminId: 7 }}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("'Agregar Mi Acceso Admin'", () => {
  it('reveals the option on the first click and creates nothing; Cancelar hides it', async () => {
    const user = renderPanel();
    const add = screen.getByRole('button', { name: 'Agregar Mi Acceso Admin' });
    await user.click(add);

    const createMine = screen.getByRole('button', { name: 'Crear Acceso para Mí' });
    expect(document.activeElement).toBe(createMine);
    expect(fake.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('button', { name: 'Crear Acceso para Mí' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Agregar Mi Acceso Admin' }));
    expect(fake.calls).toEqual([]);
  });

  it("creates the admin's own record once 'Crear Acceso para Mí' is chosen", async () => {
    fake.on(CREATE, {
      status: 201,
      body: { success: true, message: 'Default access created successfully!', access_control: record(3, 7) },
    });
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Agregar Mi Acceso Admin' }));
    await user.click(screen.getByRole('button', { name: 'Crear Acceso para Mí' }));
    await vi.waitFor(() => expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([CREATE]));
  });

  it("keeps the focus on 'Crear Acceso para Mí' while it creates, and when the server refuses", async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Agregar Mi Acceso Admin' }));
    const createMine = screen.getByRole('button', { name: 'Crear Acceso para Mí' });
    const release = fake.hold(CREATE);
    fake.on(CREATE, { status: 500, body: { success: false, message: 'Internal server error' } });
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(createMine.getAttribute('aria-busy')).toBe('true'));
    expect(createMine).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(createMine);
    await user.keyboard('{Enter}');
    expect(fake.calls).toHaveLength(1);

    release();
    await vi.waitFor(() => expect(createMine.hasAttribute('aria-busy')).toBe(false));
    expect(document.activeElement).toBe(createMine);
  });
});
