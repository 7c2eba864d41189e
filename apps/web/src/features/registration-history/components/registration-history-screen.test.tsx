// 'Historial de Registros' when 'Actualizar' fails: the rows already read stay, with an alert
// above them and a way to try again; a first read that fails is the screen's error state.
import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import RegistrationHistoryScreen from './registration-history-screen.tsx';

const REGISTRATIONS = 'GET /master/registration/api/v1/admin-registration/registrations';
const fake = signedInWithFakeFetch();

const maria: AdminRegistrationRecord = {
  id: 1,
  admin_id: 7,
  admin_first_name: 'María',
  admin_last_name: 'Rodríguez',
  admin_email: 'maria@example.com',
  master_user: 'Master User',
  registration_date: '2026-03-05',
  registration_time: '14:03:09.123456',
  ip_address: '10.0.0.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
  created_at: '2026-03-05T14:03:09.123Z',
};

const onePage = (registrations: AdminRegistrationRecord[]) => ({
  status: 200,
  body: {
    success: true,
    registrations,
    total_count: registrations.length,
    pagination: {
      currentPage: 1,
      pageSize: 100,
      totalPages: 1,
      totalRecords: registrations.length,
      hasNext: false,
      hasPrevious: false,
    },
  },
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin-registration-history']}>
        <RegistrationHistoryScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Registros de administradores' });

describe("'Historial de Registros'", () => {
  it("keeps the rows shown when 'Actualizar' fails, says so above them, and 'Reintentar' clears it", async () => {
    fake().on(REGISTRATIONS, onePage([maria]));
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Historial de Registros (1)' })).toBeTruthy();
    expect(within(table()).getByText('María Rodríguez')).toBeTruthy();
    // The stored 'Master User' (SPEC §3) in the portal's words.
    expect(within(table()).getByText('Usuario maestro')).toBeTruthy();
    expect(within(table()).queryByText('Master User')).toBeNull();

    fake().on(REGISTRATIONS, 'network-error');
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudo actualizar el historial')).toBeTruthy();
    expect(alert.textContent).toContain('Error de conexión. Por favor intente nuevamente.');
    expect(alert.textContent).toContain('Se muestran los registros cargados antes.');
    expect(within(table()).getByText('María Rodríguez')).toBeTruthy();
    expect(screen.queryByText('Error al cargar registros')).toBeNull();
    // The alert sits above the rows.
    expect(alert.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fake().on(REGISTRATIONS, onePage([{ ...maria, id: 2, admin_first_name: 'José' }, maria]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(table()).getByText('José Rodríguez')).toBeTruthy();
    expect(within(table()).getByText('María Rodríguez')).toBeTruthy();
  });

  it('shows the error state, with no rows, when the first read fails', async () => {
    fake().on(REGISTRATIONS, 'network-error');
    show();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al cargar registros')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
