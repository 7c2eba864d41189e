import type { StaffActionRecord } from '@portal/contract/staff-audit';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AuditPanel from './audit-panel.tsx';

const row = (
  id: number,
  actor_role: StaffActionRecord['actor_role'],
  actor_identifier: string,
): StaffActionRecord => ({
  id,
  action: 'business_update',
  actor_role,
  actor_admin_id: actor_role === 'admin' ? 7 : null,
  actor_identifier,
  target_kind: 'business',
  target_admin_id: null,
  target_registry: 'REG000123',
  details: {},
  ip_address: '127.0.0.1',
  user_agent: null,
  created_at: '2026-11-20T14:00:00.000Z',
});

vi.mock('../api/use-business-audit.ts', () => ({
  useBusinessAudit: () => ({
    isPending: false,
    isError: false,
    hasNextPage: false,
    data: {
      pages: [{ staff_actions: [row(2, 'master', 'Master'), row(1, 'admin', 'ana@portal.test')] }],
    },
  }),
}));

afterEach(cleanup);

describe("the business's Auditoría", () => {
  it("names the master 'Usuario maestro' and an admin by the email, in the table and the cards", () => {
    render(<AuditPanel registry="REG000123" />);
    const label = 'Acciones del personal sobre este negocio';
    for (const list of [
      screen.getByRole('table', { name: label }),
      screen.getByRole('list', { name: label }),
    ]) {
      expect(within(list).getByText('Usuario maestro')).toBeTruthy();
      expect(within(list).getByText('ana@portal.test (Admin)')).toBeTruthy();
      expect(within(list).queryByText(/Master/)).toBeNull();
    }
  });
});
