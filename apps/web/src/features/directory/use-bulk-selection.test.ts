import { BULK_MAX_BUSINESSES } from '@portal/contract/business-bulk';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessRow } from '../../api/business-data-api.ts';
import { csvCells } from './bulk-export.ts';
import { failedNote, failureReason, leavesSelection } from './bulk-wording.ts';
import { useBulkSelection } from './use-bulk-selection.ts';

const row = (id: number): BusinessRow => ({
  id,
  business_registry_number: `REG${String(id).padStart(6, '0')}`,
  business_name: `Negocio ${id}`,
  business_owner: 'Ana Rivera',
  business_email: `n${id}@example.com`,
  business_phone: '7875550100',
  business_address: null,
  business_category: 'Panaderías',
  business_description: null,
  business_year: 2010,
  verified_email: true,
  verified_phone: false,
  business_created_at: '2025-01-01T00:00:00.000Z',
  registration_date: '2025-01-02T00:00:00.000Z',
});
const rows = Array.from({ length: 8 }, (_, i) => row(i + 1));
const keys = (selected: ReadonlyMap<string, unknown>) => [...selected.keys()];

describe('the directory selection', () => {
  it('toggles one row, and with shift the range from the last clicked row, either way', () => {
    const { result } = renderHook(() => useBulkSelection());
    act(() => result.current.toggle(rows, 1, false));
    act(() => result.current.toggle(rows, 4, true));
    expect(keys(result.current.selected)).toEqual(['REG000002', 'REG000003', 'REG000004', 'REG000005']);
    // Upwards from the new anchor (row 5), clearing: the clicked row was selected, so the range goes off.
    act(() => result.current.toggle(rows, 3, true));
    expect(keys(result.current.selected)).toEqual(['REG000002', 'REG000003']);
    act(() => result.current.toggle(rows, 2, false));
    expect(keys(result.current.selected)).toEqual(['REG000002']);
  });

  it('adds the whole search once, never past 1,000, and removes what was applied', () => {
    const { result } = renderHook(() => useBulkSelection());
    act(() => result.current.setRows(rows.slice(0, 2), true));
    const numbers = Array.from(
      { length: BULK_MAX_BUSINESSES + 5 },
      (_, i) => `REG${String(i + 1).padStart(6, '0')}`,
    );
    act(() => result.current.addNumbers(numbers));
    expect(result.current.count).toBe(BULK_MAX_BUSINESSES);
    expect(result.current.full).toBe(true);
    // The rows a page showed keep their data; the others are known by number only.
    expect(result.current.selected.get('REG000001')).toEqual(rows[0]);
    expect(result.current.selected.get('REG000500')).toBeNull();
    act(() => result.current.remove(['REG000001', 'REG000500']));
    expect(result.current.count).toBe(BULK_MAX_BUSINESSES - 2);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });
});

describe('the bulk action words', () => {
  it('says why a line failed in Spanish, by its message or its status', () => {
    // The server's own 404 message is only 'Resource not found': the line says what it means here.
    for (const message of [undefined, 'Resource not found'])
      expect(failureReason({ business_registry_number: 'R', status: 404, message })).toBe(
        'Este negocio ya no existe (se eliminó o está en la Papelera); se quitó de la selección.',
      );
    expect(failureReason({ business_registry_number: 'R', status: 503, message: 'Unknown English' })).toBe(
      'No se aplicó: la base de datos no respondió. Inténtelo de nuevo.',
    );
    expect(failureReason({ business_registry_number: 'R', status: 0, message: 'Sin respuesta.' })).toBe(
      'Sin respuesta.',
    );
  });

  it('takes a business that no longer exists out of the selection, and says which stay', () => {
    const line = (registry: string, status: number) => ({ business_registry_number: registry, status });
    const results = [line('A', 200), line('B', 404), line('C', 412)];
    expect(results.filter(leavesSelection).map((kept) => kept.business_registry_number)).toEqual(['A', 'B']);
    expect(failedNote(results)).toBe(
      'Fallaron 2 negocios; los que aún existen siguen seleccionados para volver a intentarlo.',
    );
    expect(failedNote([line('A', 200), line('C', 412)])).toBe(
      'Falló 1 negocio; siguen seleccionados para volver a intentarlo.',
    );
    expect(failedNote([line('B', 404)])).toBe('Falló 1 negocio: ya no existe.');
  });

  it('says a line changed after it was seen by whom and when, and what to do', () => {
    const line = {
      business_registry_number: 'R',
      status: 412,
      message: 'Precondition failed: the record was changed by someone else',
      changed_by: 'Marta Díaz',
      changed_at: new Date(2026, 10, 28, 15, 5).toISOString(),
    };
    const text = failureReason(line);
    expect(text).toMatch(
      /^No se aplicó: el negocio cambió después de que lo viera \(lo cambió Marta Díaz el .*28.*3:05.*\)\. Revíselo y vuelva a intentarlo\.$/,
    );
    expect(failureReason({ business_registry_number: 'R', status: 412 })).toBe(
      'No se aplicó: el negocio cambió después de que lo viera. Revíselo y vuelva a intentarlo.',
    );
  });

  it('writes a selected row as the directory CSV does', () => {
    expect(csvCells(row(3))).toEqual([
      3,
      'REG000003',
      'Negocio 3',
      'Ana Rivera',
      'n3@example.com',
      '7875550100',
      '',
      'Panaderías',
      2010,
      'Sí',
      'No',
      'Parcialmente Verificado',
      '2025-01-02T00:00:00.000Z',
    ]);
  });
});
