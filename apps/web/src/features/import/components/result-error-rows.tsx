import type { ImportRecord } from '../../../api/business-import-api.ts';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { useImportErrorRows } from '../api/use-business-import.ts';
import { PreviewErrorRows } from './preview-rows.tsx';

/** An ended import's rows in error, as its preview listed them; nothing when it has none. */
export function ResultErrorRows({ record }: { record: ImportRecord }) {
  const rows = useImportErrorRows(record);
  if (record.error_count === 0) return null;
  if (rows.isError) return <QueryError query={rows} title="No se pudieron cargar las filas con errores" />;
  if (!rows.data) return <LoadingState label="Cargando las filas con errores..." />;
  return <PreviewErrorRows rows={rows.data} total={record.error_count} ended />;
}
