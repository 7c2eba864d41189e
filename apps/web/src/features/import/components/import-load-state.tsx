import type { UseQueryResult } from '@tanstack/react-query';
import { FileQuestion } from 'lucide-react';
import { ApiError } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { QueryStatus } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';

const GONE = new Set([400, 404]);

/**
 * The import of the URL while it loads or when it cannot be read. One that does not exist (deleted
 * after its 30 days, another admin's, a damaged link) gets no 'Reintentar' that can never work,
 * but the way to start another import.
 */
export function ImportLoadState({
  query,
  onAnother,
}: {
  query: UseQueryResult<unknown>;
  onAnother: () => void;
}) {
  if (query.error instanceof ApiError && GONE.has(query.error.status)) {
    return (
      <EmptyState
        icon={<FileQuestion className="size-6" />}
        title="No se encontró la importación"
        description="El enlace no corresponde a ninguna de sus importaciones: puede ser de otra persona o haberse eliminado (las importaciones se conservan 30 días)."
        action={<Button onClick={onAnother}>Importar un archivo</Button>}
      />
    );
  }
  return (
    <QueryStatus
      query={query}
      loadingLabel="Cargando la importación..."
      errorTitle="No se pudo abrir la importación"
    />
  );
}
