// What 'Deshacer' of a bulk deletion did: how many businesses are back and, one by one, why the
// others are not.
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { Banner } from '../../../ui/banner.tsx';
import type { UndoOutcome } from '../api/use-bulk-undo.ts';
import { restoreFailureReason, UNDO_FAILURES_LABEL, undoNote, undoTitle } from '../bulk-undo-wording.ts';
import { BulkFailureList } from './bulk-failure-list.tsx';

export function BulkUndoView({
  outcome,
  rows,
}: {
  outcome: UndoOutcome;
  rows: ReadonlyMap<string, BusinessRow | null>;
}) {
  const total = outcome.lines.length;
  const failures = outcome.lines
    .filter((line) => !line.restored)
    .map((line) => ({ registry: line.registry, reason: restoreFailureReason(line.error) }));
  return (
    <div className="space-y-4">
      <Banner
        tone={failures.length === 0 ? 'success' : outcome.restored === 0 ? 'error' : 'warning'}
        title={undoTitle(outcome.restored, total)}
      >
        {undoNote(outcome.restored, total)}
      </Banner>
      {failures.length > 0 ? (
        <BulkFailureList label={UNDO_FAILURES_LABEL} failures={failures} rows={rows} />
      ) : null}
    </div>
  );
}
