// Acceso: the access cards with their toggles and the access change history (the access screen's
// own components).
import { useState } from 'react';
import { AccessControlsPanel } from '../../../ui/business/access/access-controls-panel.tsx';
import { AccessHistorySection } from '../../../ui/business/access/access-history-section.tsx';
import type { Viewer } from '../../../ui/business/access/access-rules.ts';
import { useAccessControls } from '../../../ui/business/access/use-access-controls.ts';
import { QueryStatus } from '../../../ui/data-states.tsx';

export function AccessPanel({ registry, viewer }: { registry: string; viewer: Viewer }) {
  const controls = useAccessControls(registry);
  const [historyPage, setHistoryPage] = useState(1);
  return (
    <div className="space-y-8">
      <QueryStatus
        query={controls}
        loadingLabel="Cargando acceso..."
        errorTitle="No se pudo cargar el acceso"
      />
      {controls.data ? (
        <AccessControlsPanel registry={registry} records={controls.data.access_controls} viewer={viewer} />
      ) : null}
      <AccessHistorySection
        registry={registry}
        page={historyPage}
        onPageChange={setHistoryPage}
        viewer={viewer}
      />
    </div>
  );
}
