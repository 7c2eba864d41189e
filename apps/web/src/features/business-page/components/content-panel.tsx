// Contenido: the statistics (one call) and the four lists (the content lookup's tables).
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { useContentLists } from '../api/use-content-lists.ts';
import { useContentStats } from '../api/use-content-stats.ts';
import { ContentStatsPanel } from './content-stats-panel.tsx';

export function ContentPanel({ registry }: { registry: string }) {
  const stats = useContentStats(registry);
  const lists = useContentLists(registry);
  return (
    <div className="space-y-6">
      {stats.isPending ? <LoadingState label="Cargando estadísticas..." /> : null}
      {stats.isError ? (
        <LoadError
          title="No se pudieron cargar las estadísticas"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : null}
      {stats.data ? <ContentStatsPanel stats={stats.data} /> : null}
      {lists.isPending ? <LoadingState label="Cargando contenido..." /> : null}
      {lists.isError ? (
        <LoadError
          title="No se pudo cargar el contenido"
          message={lists.error.message}
          onRetry={() => void lists.refetch()}
          retrying={lists.isFetching}
        />
      ) : null}
      {lists.data ? <ContentSections headingLevel={2} {...lists.data} /> : null}
    </div>
  );
}
