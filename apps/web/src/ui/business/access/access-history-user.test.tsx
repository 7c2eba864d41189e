import type { AccessHistoryEntry } from '@portal/contract/access';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessHistoryList } from './access-history-list.tsx';
import { AccessHistoryTable } from './access-history-table.tsx';

afterEach(cleanup);

const entry = (id: number, changed_by: string): AccessHistoryEntry => ({
  id,
  access_type: 'qr_access',
  target_admin_id: null,
  target_admin_email: null,
  is_master_access: true,
  old_value: false,
  new_value: true,
  changed_by,
  changed_at: '2026-11-20T14:00:00.000Z',
  ip_address: '127.0.0.1',
  user_agent: null,
});

const entries = [entry(2, 'Master'), entry(1, 'ana@portal.test')];
const viewer = { loginType: 'master', adminId: null } as const;

describe("the access history's 'Usuario'", () => {
  it("names the master 'Usuario maestro' in the table and the cards, an admin by the email", () => {
    for (const view of [
      <AccessHistoryTable key="table" entries={entries} viewer={viewer} />,
      <AccessHistoryList key="list" entries={entries} viewer={viewer} />,
    ]) {
      const { container, unmount } = render(view);
      const scope = within(container);
      expect(scope.getByText('Usuario maestro')).toBeTruthy();
      expect(scope.getByText('ana@portal.test')).toBeTruthy();
      expect(scope.queryByText('Master')).toBeNull();
      unmount();
    }
  });
});
