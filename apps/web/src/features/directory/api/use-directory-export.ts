import { LIMITS } from '@portal/contract/limits';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { type BusinessFilterQuery, exportBusinessesCsv } from '../../../api/business-data-api.ts';
import { exportFileName, formatCount } from '../directory-wording.ts';

/** 'Exportar': the CSV of the current search and filters, with the bytes received so far. */
export function useDirectoryExport() {
  const [bytes, setBytes] = useState(0);
  const mutation = useMutation({
    mutationFn: async ({ filters }: { filters: BusinessFilterQuery; total: number | null }) => {
      setBytes(0);
      const filename = exportFileName();
      await exportBusinessesCsv(filters, filename, { onProgress: setBytes });
      return filename;
    },
    onSuccess: (filename, { total }) => {
      const note =
        total !== null && total > LIMITS.exportMaxRows
          ? `Se exportaron los primeros ${formatCount(LIMITS.exportMaxRows)} negocios.`
          : undefined;
      toast.success(`Exportación lista: ${filename}`, { description: note });
    },
    onError: (error) => {
      toast.error('No se pudo exportar el directorio', {
        description: error instanceof Error ? error.message : undefined,
      });
    },
  });
  return {
    start: (filters: BusinessFilterQuery, total: number | null) => mutation.mutate({ filters, total }),
    exporting: mutation.isPending,
    bytes,
  };
}
