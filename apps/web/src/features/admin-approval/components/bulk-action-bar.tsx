import { BULK_ACTIONS, type BulkAction } from '@portal/contract/enums';
import { LIMITS } from '@portal/contract/limits';
import { X } from 'lucide-react';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Button } from '../../../ui/button.tsx';
import { adminCount, BULK_ACTION_COPY, hiddenSelectionNote } from '../bulk-actions.ts';

interface BulkActionBarProps {
  count: number;
  /** How many of the selected admins the list does not show now (another page, search or filter). */
  hidden?: number;
  /** SPEC §8's message when the last selection was refused. */
  refused: string | null;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

/** Shown while admins are selected: the four bulk actions of SPEC §4, for up to 50 at once. */
export function BulkActionBar({ count, hidden = 0, refused, onAction, onClear }: BulkActionBarProps) {
  if (count === 0 && !refused) return null;
  const hiddenNote = hiddenSelectionNote(count, hidden);
  return (
    <section
      aria-label="Acciones masivas"
      className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <p className="text-sm text-blue-950" aria-live="polite">
          <span className="font-semibold">{adminCount(count)}</span>{' '}
          {count === 1 ? 'seleccionado' : 'seleccionados'}
          <span className="text-blue-800"> (máximo {LIMITS.bulkMaxAdmins})</span>
          {hiddenNote ? <span className="block text-blue-800">{hiddenNote}</span> : null}
        </p>
        <div className="flex flex-wrap gap-2">
          {BULK_ACTIONS.map((action) => (
            <Button
              key={action}
              variant={BULK_ACTION_COPY[action].destructive ? 'danger' : 'secondary'}
              disabled={count === 0}
              onClick={() => onAction(action)}
            >
              {BULK_ACTION_COPY[action].verb}
            </Button>
          ))}
          <Button variant="ghost" onClick={onClear} icon={<X className="size-4" aria-hidden="true" />}>
            Limpiar selección
          </Button>
        </div>
      </div>
      {refused ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {displayMessage(refused)}
        </p>
      ) : null}
    </section>
  );
}
