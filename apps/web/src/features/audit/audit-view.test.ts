import { STAFF_AUDIT_PAGE_SIZE, STAFF_AUDIT_SORT_FIELDS } from '@portal/contract/staff-audit';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_SORT_OPTIONS,
  readAuditView,
  toAuditQuery,
  toAuditSort,
  writeAuditView,
} from './audit-view.ts';

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
      sortBy: 'created_at',
      sortOrder: 'desc',
      pageSize: STAFF_AUDIT_PAGE_SIZE,
      page: 3,
    });
    const written = writeAuditView(params, { ...view, registry: ' reg000123 ', staff: '', page: 1 });
    expect(written.toString()).toBe('tab=auditoria&accion=business_delete&registro=reg000123');
  });

  it("leaves out a link's day that names no day and an action the audit does not know", () => {
    const view = readAuditView(
      new URLSearchParams('tab=auditoria&desde=2026-13-45&hasta=hola&accion=no_existe&personal=ana'),
    );
    expect(view).toMatchObject({ staff: 'ana', action: '', dateFrom: '', dateTo: '' });
    const kept = readAuditView(new URLSearchParams('desde=2026-02-28&hasta=2026-03-01&accion=sign_in'));
    expect(kept).toMatchObject({ action: 'sign_in', dateFrom: '2026-02-28', dateTo: '2026-03-01' });
    expect(readAuditView(new URLSearchParams('desde=2026-02-30&accion=toString')).dateFrom).toBe('');
    expect(readAuditView(new URLSearchParams('accion=toString')).action).toBe('');
  });

  it('sends only the filters that are set, the registry upper-cased', () => {
    expect(
      toAuditQuery({ staff: '  ', action: '', registry: 'reg000123', dateFrom: '2026-01-01', dateTo: '' }),
    ).toEqual({ registry: 'REG000123', date_from: new Date(2026, 0, 1).toISOString() });
  });

  it("asks for the stored 'Master' when the staff filter names the master as the portal does", () => {
    const filters = { staff: ' Usuario maestro ', action: '', registry: '', dateFrom: '', dateTo: '' };
    expect(toAuditQuery(filters)).toEqual({ staff: 'Master' });
    expect(toAuditQuery({ ...filters, staff: ' ana@portal ' })).toEqual({ staff: 'ana@portal' });
  });

  it("sends days as Puerto Rico's days, not UTC's: 27 Nov runs from 04:00Z to 03:59:59.999Z the next day", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Puerto_Rico';
    try {
      const days = { staff: '', action: '', registry: '', dateFrom: '2026-11-27', dateTo: '2026-11-27' };
      expect(toAuditQuery(days)).toEqual({
        date_from: '2026-11-27T04:00:00.000Z',
        date_to: '2026-11-28T03:59:59.999Z',
      });
      // A value from a hand-written URL that is not a day goes as it is, for the server to refuse.
      expect(toAuditQuery({ ...days, dateFrom: 'ayer', dateTo: '' })).toEqual({ date_from: 'ayer' });
    } finally {
      process.env.TZ = zone;
    }
  });

  it('keeps the sort and page size in the URL and sends the sort', () => {
    expect(AUDIT_SORT_OPTIONS.map((option) => option.value).sort()).toEqual(
      [...STAFF_AUDIT_SORT_FIELDS].sort(),
    );
    const view = readAuditView(new URLSearchParams('orden=staff&filas=50'));
    expect(view).toMatchObject({ sortBy: 'staff', sortOrder: 'asc', pageSize: 50 });
    expect(toAuditSort(view)).toEqual({ sort_by: 'staff', sort_order: 'asc' });
    expect(writeAuditView(new URLSearchParams(), view).toString()).toBe('orden=staff&sentido=asc&filas=50');
    expect(toAuditSort(readAuditView(new URLSearchParams()))).toEqual({});
  });
});
