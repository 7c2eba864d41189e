import { useMemo } from 'react';
import { type ChangeLogFilters, exportChangeLogs } from '../../../api/change-logs-api.ts';
import { type UseExportOptions, useExport } from '../../../lib/use-export.ts';

/** The history with the filters in use, as CSV or Excel (up to 10,000 rows), cancellable. */
export function useHistoryExport(registry: string, filters: ChangeLogFilters) {
  const options = useMemo<UseExportOptions>(
    () => ({
      download: ({ format, signal, onRows }) =>
        exportChangeLogs(registry, filters, { format, signal, onRows }),
      failure: 'No se pudo exportar el historial',
    }),
    [registry, filters],
  );
  return useExport(options);
}
