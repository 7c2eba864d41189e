import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type AuditFilterQuery, auditExportFileName, exportStaffActionsCsv } from './staff-audit-api.ts';

/** 'Exportar CSV': the audit rows of the current filters (up to 10,000), with the bytes received. */
export function useAuditExport() {
  const [bytes, setBytes] = useState(0);
  const mutation = useMutation({
    mutationFn: async (filters: AuditFilterQuery) => {
      setBytes(0);
      const filename = auditExportFileName();
      await exportStaffActionsCsv(filters, filename, { onProgress: setBytes });
      return filename;
    },
    onSuccess: (filename) => toast.success(`Exportación lista: ${filename}`),
    onError: (error) =>
      toast.error('No se pudo exportar la auditoría', {
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  return {
    start: (filters: AuditFilterQuery) => mutation.mutate(filters),
    exporting: mutation.isPending,
    bytes,
  };
}
