import { useMutation } from '@tanstack/react-query';
import { type ChangeLogFilters, exportChangeLogsCsv } from '../../../api/change-logs-api.ts';

/** Downloads the history CSV from the server with the filters in use. */
export function useHistoryExport(registry: string) {
  return useMutation({
    mutationFn: (filters: ChangeLogFilters) => exportChangeLogsCsv(registry, filters),
  });
}
