import { useMemo } from 'react';
import { type UseExportOptions, useExport } from '../../../lib/use-export.ts';
import { type AuditFilterQuery, exportStaffActions } from './staff-audit-api.ts';

/** 'Exportar': the audit rows of the current filters (up to 10,000) as CSV or Excel, cancellable. */
export function useAuditExport(filters: AuditFilterQuery) {
  const options = useMemo<UseExportOptions>(
    () => ({
      download: ({ format, signal, onRows }) => exportStaffActions(filters, { format, signal, onRows }),
      failure: 'No se pudo exportar la auditoría',
    }),
    [filters],
  );
  return useExport(options);
}
