import { HistoryActions, HistoryContent } from '../../../ui/business/history/business-history.tsx';
import { useBusinessHistory } from '../../../ui/business/history/use-business-history.ts';
import { SectionCard } from './section-card.tsx';

/** Historial: the directory modal's history, with its buttons on the card's heading row. */
export function HistoryPanel({ registry }: { registry: string }) {
  const state = useBusinessHistory(registry);
  return (
    <SectionCard title="Historial de Cambios" action={<HistoryActions state={state} />}>
      <HistoryContent state={state} />
    </SectionCard>
  );
}
