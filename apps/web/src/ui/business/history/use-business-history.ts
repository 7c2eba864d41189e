import { useState } from 'react';
import type { ChangeLogFilters } from '../../../api/change-logs-api.ts';
import { useHistory } from './use-history.ts';
import { useHistoryExport } from './use-history-export.ts';

/** A business's history with its filters and export: what the buttons and the list share. */
export function useBusinessHistory(registry: string) {
  const [filters, setFilters] = useState<ChangeLogFilters>({});
  const history = useHistory(registry, filters);
  const exporter = useHistoryExport(registry, filters);
  return { filters, setFilters, history, exporter };
}

export type BusinessHistoryState = ReturnType<typeof useBusinessHistory>;
