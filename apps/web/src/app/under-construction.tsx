import { Construction } from 'lucide-react';
import { EmptyState } from '../ui/empty-state.tsx';

/** Placeholder for a screen that a later issue builds: never a blank page. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <EmptyState
      icon={<Construction className="size-6" />}
      title={`${title}: en construcción`}
      description="Esta sección estará disponible próximamente."
    />
  );
}
