import type { StaffActionRecord } from '@portal/contract/staff-audit';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { AuditResults } from './audit-results.tsx';

const base: Omit<StaffActionRecord, 'id' | 'action' | 'details'> = {
  actor_role: 'master',
  actor_admin_id: null,
  actor_identifier: 'Master',
  target_kind: 'business',
  target_admin_id: null,
  target_registry: 'REG000123',
  ip_address: '127.0.0.1',
  user_agent: null,
  created_at: '2026-11-20T14:00:00.000Z',
};

// Details as the server sends them: jsonb puts equal-length keys in byte order, new_* first.
const rows: StaffActionRecord[] = [
  {
    ...base,
    id: 3,
    action: 'email_change_confirm',
    details: { new_email: 'nuevo@portal.test', old_email: 'viejo@portal.test' },
  },
  {
    ...base,
    id: 2,
    action: 'access_toggle',
    details: { new_value: true, old_value: false, access_type: 'qr_access' },
  },
  {
    ...base,
    id: 1,
    action: 'admin_bulk',
    target_kind: 'admins',
    target_registry: null,
    details: {
      admins: [
        { admin_id: 3, name: 'Ana Rivera' },
        { admin_id: 2, name: 'Luis Soto' },
      ],
      admin_ids: [3, 2],
      bulk_action: 'suspend',
    },
  },
  {
    ...base,
    id: 0,
    action: 'admin_bulk',
    target_kind: 'admins',
    target_registry: null,
    details: { admin_ids: [5, 4], bulk_action: 'delete' },
  },
];

function renderRows() {
  render(
    <AuditResults
      data={{ success: true, staff_actions: rows, total_count: rows.length, has_more: false }}
      error={null}
      page={1}
      stale={false}
      retrying={false}
      filtered={false}
      onRetry={() => {}}
      onPage={() => {}}
      onClear={() => {}}
    />,
    { wrapper: MemoryRouter },
  );
  const table = screen.getByRole('table', { name: 'Acciones del personal' });
  return (action: string) => {
    const row = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes(action));
    return within(within(row as HTMLElement).getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  };
}

describe('audit details', () => {
  afterEach(cleanup);

  it('show the value before a change ahead of the value after it', () => {
    const details = renderRows();
    expect(details('Confirmación de cambio de email')).toEqual([
      'Email anterior: viejo@portal.test',
      'Email nuevo: nuevo@portal.test',
    ]);
    expect(details('Cambio de acceso')).toEqual(['Acceso: códigos QR', 'Antes: No', 'Después: Sí']);
  });

  it("name a bulk action's admins with their ids, and show the ids alone on older rows", () => {
    renderRows();
    const cards = screen.getByRole('list', { name: 'Acciones del personal' });
    expect(within(cards).getByText('Administradores: Ana Rivera (#3), Luis Soto (#2)')).toBeTruthy();
    expect(within(cards).getByText('Administradores: #5, #4')).toBeTruthy();
    expect(within(cards).queryByText(/Administradores: 3, 2/)).toBeNull();
  });

  it("name the master 'Usuario maestro' in the table and the cards, with the 'Maestro' badge", () => {
    renderRows();
    const table = screen.getByRole('table', { name: 'Acciones del personal' });
    const cards = screen.getByRole('list', { name: 'Acciones del personal' });
    for (const list of [table, cards]) {
      expect(within(list).getAllByText('Usuario maestro')).toHaveLength(rows.length);
      expect(within(list).queryByText('Master')).toBeNull();
      expect(within(list).getAllByText('Maestro')).toHaveLength(rows.length);
    }
  });

  it('link a business target to the business page, and leave other targets as text', () => {
    renderRows();
    const table = screen.getByRole('table', { name: 'Acciones del personal' });
    const links = within(table).getAllByRole('link', { name: 'REG000123' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/negocios/REG000123');
    expect(within(table).getAllByText('Varios administradores')).toHaveLength(2);
    expect(within(table).queryByRole('link', { name: 'Varios administradores' })).toBeNull();
  });
});

describe('audit load error', () => {
  afterEach(cleanup);

  function renderError(error: Error, filtered: boolean) {
    const onClear = vi.fn();
    const onRetry = vi.fn();
    render(
      <AuditResults
        data={undefined}
        error={error}
        page={1}
        stale={false}
        retrying={false}
        filtered={filtered}
        onRetry={onRetry}
        onPage={() => {}}
        onClear={onClear}
      />,
      { wrapper: MemoryRouter },
    );
    return { onClear, onRetry, alert: screen.getByRole('alert') };
  }

  it("offers 'Limpiar filtros' beside 'Reintentar' when the server refused the filters (a shared link)", () => {
    const { onClear, alert } = renderError(new ApiError('Invalid action', 400), true);
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Limpiar filtros' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it("offers only 'Reintentar' when the server failed, or without filters", () => {
    renderError(new ApiError('Internal server error', 500), true);
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    cleanup();
    renderError(new ApiError('Invalid action', 400), false);
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
