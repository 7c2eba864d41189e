// The bar that follows the Papelera's list while businesses are selected: how many, 'Quitar
// selección' and 'Restaurar seleccionados'. On a phone it stays one line (the X clears), so it covers
// little of the cards.
import { RotateCcw, X } from 'lucide-react';
import type { Ref } from 'react';
import { useToastLift } from '../../../lib/use-toast-lift.ts';
import { Button } from '../../../ui/button.tsx';
import { BULK_RESTORE_TEXTS as TEXTS } from './trash-texts.ts';

interface TrashSelectionBarProps {
  count: number;
  onClear: () => void;
  onRestore: () => void;
  restoreRef?: Ref<HTMLButtonElement>;
}

export function TrashSelectionBar({ count, onClear, onRestore, restoreRef }: TrashSelectionBarProps) {
  const liftRef = useToastLift<HTMLElement>();
  if (count === 0) return null;
  return (
    <section
      ref={liftRef}
      data-lifts-toasts
      aria-label={TEXTS.bar}
      className="sticky bottom-2 z-20 rounded-lg border border-blue-200 bg-blue-50 p-2 shadow-md md:bottom-3 md:p-3"
    >
      <div className="flex items-center gap-2">
        <p
          className="min-w-0 flex-1 pl-1 text-sm font-semibold text-blue-950 md:flex-none"
          aria-live="polite"
        >
          {TEXTS.selected(count)}
        </p>
        <Button
          variant="ghost"
          className="max-md:w-10 max-md:px-0 md:ml-auto"
          aria-label={TEXTS.clear}
          title={TEXTS.clear}
          icon={<X className="size-4" aria-hidden="true" />}
          onClick={onClear}
        >
          <span className="max-md:hidden">{TEXTS.clear}</span>
        </Button>
        <Button
          ref={restoreRef}
          aria-label={TEXTS.restore}
          // On a phone, the word alone (no icon): the count keeps its one line beside it.
          icon={<RotateCcw className="size-4 max-md:hidden" aria-hidden="true" />}
          onClick={onRestore}
        >
          <span>
            Restaurar<span className="max-md:hidden"> seleccionados</span>
          </span>
        </Button>
      </div>
    </section>
  );
}
