import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderActions, setupFakeServer } from './actions-test-kit.tsx';

const LOGS = '/master/business-change-logs/api/v1/business-change-logs/registry/REG000041';
const fake = setupFakeServer();

const log = (id: number, overrides: Record<string, unknown> = {}) => ({
  log_id: id,
  business_id: 41,
  business_registry_number: 'REG000041',
  operation_type: 'UPDATE',
  changed_column: 'verified_email',
  old_value: 'false',
  new_value: 'true',
  changed_at: new Date().toISOString(),
  changed_by: '',
  ip_address: '127.0.0.1',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  ...overrides,
});

const stats = {
  total_logs: 21,
  update_operations: 20,
  insert_operations: 1,
  delete_operations: 0,
  recent_changes: 21,
};

describe('Historial de Cambios', () => {
  it('shows the tiles, the labelled rows and loads more', async () => {
    const first = Array.from({ length: 20 }, (_, i) => log(100 - i));
    fake().on(
      `GET ${LOGS}`,
      { status: 200, body: { change_logs: first, total_count: 21, has_more: true, stats } },
      {
        status: 200,
        body: {
          change_logs: [log(1, { operation_type: 'INSERT', changed_column: null, old_value: null })],
          total_count: 21,
          has_more: false,
          stats,
        },
      },
    );
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Ver historial de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de Cambios' });
    expect(await within(dialog).findByText('Mostrando 20 de 21 registros')).toBeTruthy();
    expect(within(dialog).getByText('Total de registros').nextSibling?.textContent).toBe('21');
    expect(within(dialog).getAllByText('Sistema').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Firefox en Linux').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Actualizado').length).toBeGreaterThan(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cargar más registros' }));
    expect(await within(dialog).findByText('Mostrando 21 de 21 registros')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cargar más registros' })).toBeNull();
    expect(fake().calls.at(-1)?.path).toContain('offset=20');
    expect(within(dialog).getAllByText('Creado').length).toBeGreaterThan(0);
  });

  it('filters by operation through the server', async () => {
    fake().on(
      `GET ${LOGS}`,
      { status: 200, body: { change_logs: [log(5)], total_count: 1, has_more: false, stats } },
      { status: 200, body: { change_logs: [], total_count: 0, has_more: false, stats } },
    );
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Ver historial de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de Cambios' });
    await within(dialog).findByText('Mostrando 1 de 1 registro');
    await user.selectOptions(within(dialog).getByLabelText('Operación'), 'DELETE');
    expect(await within(dialog).findByText('Sin historial de cambios')).toBeTruthy();
    expect(fake().calls.at(-1)?.path).toContain('operation_type=DELETE');
  });

  it('shows the error heading with the server message', async () => {
    fake().on(`GET ${LOGS}`, { status: 500, body: { success: false, error: 'Internal server error' } });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Ver historial de Panadería La Esquina' }));
    expect(await screen.findByText('Error al cargar historial')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
  });

  it('links the name and the registry number to the business page, which replaces the modal', async () => {
    fake().on(`GET ${LOGS}`, {
      status: 200,
      body: { change_logs: [], total_count: 0, has_more: false, stats },
    });
    const { user } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Ver historial de Panadería La Esquina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Historial de Cambios' });
    const name = within(dialog).getByRole('link', { name: 'Panadería La Esquina' });
    expect(name.getAttribute('href')).toBe('/negocios/REG000041');
    expect(within(dialog).getByRole('link', { name: 'REG000041' }).getAttribute('href')).toBe(
      '/negocios/REG000041',
    );
    await user.click(name);
    expect(await screen.findByRole('heading', { name: 'Página de REG000041' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.pointerEvents).toBe('');
  });
});
