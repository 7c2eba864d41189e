import { describe, expect, it } from 'vitest';
import { readAuditView, toAuditQuery, writeAuditView } from './audit-view.ts';

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
});
