// What restoring many businesses from the trash did (the directory's 'Deshacer', the Papelera's
// 'Restaurar seleccionados'): how many are back and, one by one, why the others are not.
import type { RestoreOutcome } from '../lib/restore-each.ts';
import {
  RESTORE_FAILURES_LABEL,
  type RetryFrom,
  restoreFailureReason,
  restoreNote,
  restoreTitle,
} from '../lib/restore-wording.ts';
import { Banner } from './banner.tsx';
import { BulkFailureList, type NamedRows } from './bulk-failure-list.tsx';

interface RestoreOutcomeViewProps {
  outcome: RestoreOutcome;
  rows: NamedRows;
  retry: RetryFrom;
}

export function RestoreOutcomeView({ outcome, rows, retry }: RestoreOutcomeViewProps) {
  const total = outcome.lines.length;
  const failures = outcome.lines
    .filter((line) => !line.restored)
    .map((line) => ({ registry: line.registry, reason: restoreFailureReason(line.error) }));
  return (
    <div className="space-y-4">
      <Banner
        tone={failures.length === 0 ? 'success' : outcome.restored === 0 ? 'error' : 'warning'}
        title={restoreTitle(outcome.restored, total)}
      >
        {restoreNote(outcome.restored, total, retry)}
      </Banner>
      {failures.length > 0 ? (
        <BulkFailureList label={RESTORE_FAILURES_LABEL} failures={failures} rows={rows} />
      ) : null}
    </div>
  );
}
