import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { HistoryCards } from './history-cards.tsx';
import { HistoryTable } from './history-table.tsx';

afterEach(cleanup);

const log = (log_id: number, changed_by: string | null): ChangeLog => ({
  log_id,
  business_id: 1,
  business_registry_number: 'REG000123',
  operation_type: 'UPDATE',
  changed_column: 'business_name',
  old_value: 'Antes',
  new_value: 'Después',
  changed_at: '2026-11-20T14:00:00.000Z',
  changed_by,
  ip_address: '127.0.0.1',
  user_agent: null,
});

const logs = [log(4, 'Master'), log(3, 'Master (importación)'), log(2, 'ana@portal.test'), log(1, null)];

describe("the history's 'Usuario'", () => {
  it("names the master 'Usuario maestro' in the table and the cards, others as stored, a blank one 'Sistema'", () => {
    for (const view of [<HistoryTable key="table" logs={logs} />, <HistoryCards key="cards" logs={logs} />]) {
      const { container, unmount } = render(view);
      const scope = within(container);
      expect(scope.getByText('Usuario maestro')).toBeTruthy();
      expect(scope.getByText('Usuario maestro (importación)')).toBeTruthy();
      expect(scope.getByText('ana@portal.test')).toBeTruthy();
      expect(scope.getByText('Sistema')).toBeTruthy();
      expect(scope.queryByText(/^Master/)).toBeNull();
      unmount();
    }
    expect(screen.queryByText('Usuario maestro')).toBeNull();
  });
});
