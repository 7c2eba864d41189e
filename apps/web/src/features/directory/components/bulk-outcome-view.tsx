// What a bulk action did: a title in the action's own words, then, row by row, the ones that failed
// and why. A deletion says where the businesses went and how to bring them back.
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { Banner } from '../../../ui/banner.tsx';
import { BulkFailureList } from '../../../ui/bulk-failure-list.tsx';
import type { BulkKind, BulkOutcome } from '../api/use-bulk-action.ts';
import { doneNote, failedNote, failureReason, outcomeTitle, trashNote } from '../bulk-wording.ts';

interface BulkOutcomeViewProps {
  kind: BulkKind;
  /** 'Cambiar categoría': the category set. */
  category: string;
  outcome: BulkOutcome;
  rows: ReadonlyMap<string, BusinessRow | null>;
}

export function BulkOutcomeView({ kind, category, outcome, rows }: BulkOutcomeViewProps) {
  const failures = outcome.results
    .filter((line) => line.status !== 200)
    .map((line) => ({ registry: line.business_registry_number, reason: failureReason(line) }));
  const total = outcome.results.length;
  return (
    <div className="space-y-4">
      <Banner
        tone={outcome.failed === 0 ? 'success' : outcome.succeeded === 0 ? 'error' : 'warning'}
        title={outcomeTitle(kind, outcome.succeeded, total)}
      >
        {outcome.failed === 0 ? (
          <p>{doneNote(kind, total, category)}</p>
        ) : (
          <>
            <p>{failedNote(outcome.results)}</p>
            {kind === 'delete' && outcome.succeeded > 0 ? <p>{trashNote(outcome.succeeded)}</p> : null}
          </>
        )}
      </Banner>
      {failures.length > 0 ? (
        <BulkFailureList label="Negocios que fallaron" failures={failures} rows={rows} />
      ) : null}
    </div>
  );
}
