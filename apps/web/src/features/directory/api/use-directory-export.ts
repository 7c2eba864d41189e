import { LIMITS } from '@portal/contract/limits';
import { useMemo } from 'react';
import { type BusinessFilterQuery, exportBusinesses } from '../../../api/business-data-api.ts';
import { type ExportRequest, type UseExportOptions, useExport } from '../../../lib/use-export.ts';
import { exportFileName, formatCount } from '../directory-wording.ts';

/**
 * 'Exportar': the current search and filters as CSV or Excel, up to 10,000 rows, or every match
 * ('Exportar todo', the master's), with its progress and 'Cancelar'.
 */
export function useDirectoryExport(filters: BusinessFilterQuery, total: number | null) {
  const options = useMemo<UseExportOptions>(
    () => ({
      download: async ({ format, all, signal, onRows }) => {
        const filename = exportFileName(new Date(), format);
        await exportBusinesses(filters, filename, { format, all, signal, onRows });
        return filename;
      },
      failure: 'No se pudo exportar el directorio',
      note: ({ all }: ExportRequest) =>
        !all && total !== null && total > LIMITS.exportMaxRows
          ? `Se exportaron los primeros ${formatCount(LIMITS.exportMaxRows)} negocios.`
          : undefined,
    }),
    [filters, total],
  );
  return useExport(options);
}
