import { BusinessHistory } from '../../../ui/business/history/business-history.tsx';
import { SectionCard } from './section-card.tsx';

/** Historial: the directory modal's history panel, on the page. */
export function HistoryPanel({ registry }: { registry: string }) {
  return (
    <SectionCard title="Historial de Cambios">
      <BusinessHistory registry={registry} />
    </SectionCard>
  );
}
