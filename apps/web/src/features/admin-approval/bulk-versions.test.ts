import type { AdminAccount } from '@portal/contract/admin-registration';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys } from './api/admin-approval-keys.ts';
import { shownVersions } from './api/use-admin-mutations.ts';
import { bulkFailureReason, bulkOutcomeTitle, stillSelectedNote } from './bulk-actions.ts';

const account = (admin_id: number, version: string): AdminAccount => ({
  admin_id,
  admin_first_name: 'Ana',
  admin_last_name: 'Rivera',
  admin_email: `ana${admin_id}@portal.test`,
  admin_phone: null,
  access_status: 'pending',
  admin_access_status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_login_at: null,
  version,
});

const listPage = (admins: AdminAccount[]) => ({
  success: true as const,
  admins,
  total_count: admins.length,
  pagination: {
    currentPage: 1,
    pageSize: 20,
    totalPages: 1,
    totalRecords: admins.length,
    hasNext: false,
    hasPrevious: false,
  },
});

describe('the versions a bulk action sends', () => {
  it('takes the version the list shows now, else the row as it was selected', () => {
    const client = new QueryClient();
    // Selected at version 1; the master's own 'Editar' since then left the list at version 2.
    client.setQueryData(adminKeys.list({ page: 1 }), listPage([account(1, '2'), account(9, '5')]));
    const selected = new Map([
      [1, account(1, '1')],
      [2, account(2, '4')],
    ]);
    expect(shownVersions(client, selected)).toEqual({ 1: '2', 2: '4' });
  });
});

describe('the words of a bulk result', () => {
  it('says who changed an account refused with 412, and asks to look at it again', () => {
    const text = bulkFailureReason({
      admin_id: 3,
      status: 412,
      message: 'Precondition failed: the record was changed by someone else',
      changed_by: 'Master',
      changed_at: '2026-03-02T15:04:00.000Z',
    });
    expect(text).toMatch(
      /^No se aplicó: la cuenta cambió después de que la viera \(la cambió Usuario maestro el .+\)\. Revísela y vuelva a intentarlo\.$/,
    );
    expect(
      bulkFailureReason({
        admin_id: 3,
        status: 412,
        changed_by: 'Master',
        access_status: 'suspended',
        version: '9',
      }),
    ).toBe(
      'No se aplicó: la cuenta cambió después de que la viera (la cambió Usuario maestro) y su estado ahora es Suspendido. Si vuelve a intentarlo, se aplicará a la cuenta como está ahora.',
    );
    expect(bulkFailureReason({ admin_id: 3, status: 412 })).toBe(
      'No se aplicó: la cuenta cambió después de que la viera. Revísela y vuelva a intentarlo.',
    );
  });

  it('counts what applied and what stays selected', () => {
    expect(bulkOutcomeTitle(2, 3)).toBe('Se aplicó a 2 de 3 administradores');
    expect(bulkOutcomeTitle(0, 1)).toBe('No se aplicó al administrador seleccionado');
    expect(bulkOutcomeTitle(0, 4)).toBe('No se aplicó a ninguno de los 4 administradores');
    expect(stillSelectedNote(1)).toBe('Falló 1 administrador; sigue seleccionado para volver a intentarlo.');
    expect(stillSelectedNote(2)).toBe(
      'Fallaron 2 administradores; siguen seleccionados para volver a intentarlo.',
    );
  });
});
