import { describe, expect, it } from 'vitest';
import { detailLines, readAuditView, toAuditQuery, writeAuditView } from './audit-view.ts';

describe('audit view in the URL', () => {
  it('reads and writes the filters and page, keeping the dashboard tab', () => {
    const params = new URLSearchParams('tab=auditoria&personal=ana&accion=business_delete&pagina=3');
    const view = readAuditView(params);
    expect(view).toEqual({
      staff: 'ana',
      action: 'business_delete',
      registry: '',
      dateFrom: '',
      dateTo: '',
      page: 3,
    });
    const written = writeAuditView(params, { ...view, registry: ' reg000123 ', staff: '', page: 1 });
    expect(written.toString()).toBe('tab=auditoria&accion=business_delete&registro=reg000123');
  });

  it('sends only the filters that are set, the registry upper-cased', () => {
    expect(
      toAuditQuery({ staff: '  ', action: '', registry: 'reg000123', dateFrom: '2026-01-01', dateTo: '' }),
    ).toEqual({ registry: 'REG000123', date_from: '2026-01-01' });
  });

  it('lists the details as Spanish name: value lines, skipping empty values', () => {
    expect(
      detailLines({ admin_ids: [3, 4], verified_email: true, note: null, nested: { a: 1 }, other_key: 'x' }),
    ).toEqual(['Administradores: 3, 4', 'Email verificado: Sí', 'nested: {"a":1}', 'other_key: x']);
    expect(
      detailLines({
        fields: ['admin_first_name', 'access_status'],
        access_status: 'active',
        action: 'business_delete',
      }),
    ).toEqual(['Campos: nombre, estado', 'Estado: activo', 'Acción: Eliminación de negocio']);
  });
});
