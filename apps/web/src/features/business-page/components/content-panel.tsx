// Contenido: the statistics (one call) and the four lists (the content lookup's tables).
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { QueryStatus } from '../../../ui/data-states.tsx';
import { useContentLists } from '../api/use-content-lists.ts';
import { useContentStats } from '../api/use-content-stats.ts';
import { ContentStatsPanel } from './content-stats-panel.tsx';

export function ContentPanel({ registry }: { registry: string }) {
  const stats = useContentStats(registry);
  const lists = useContentLists(registry);
  return (
    <div className="space-y-6">
      <QueryStatus
        query={stats}
        loadingLabel="Cargando estadísticas..."
        errorTitle="No se pudieron cargar las estadísticas"
      />
      {stats.data ? <ContentStatsPanel stats={stats.data} /> : null}
      <QueryStatus
        query={lists}
        loadingLabel="Cargando contenido..."
        errorTitle="No se pudo cargar el contenido"
      />
      {lists.data ? <ContentSections headingLevel={2} {...lists.data} /> : null}
    </div>
  );
}
