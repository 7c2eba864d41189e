// A business changed by someone else while its verification or email was being edited (issue #25):
// the shared conflict view with the business's fields the modals show.
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { changedFields, type EditConflict } from '../../../api/edit-conflict.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { LazyConflictNotice } from '../../conflict-notice-lazy.tsx';

/** The business as the 412 gives it (its verification record). */
export type BusinessNow = Pick<
  BusinessRow,
  'business_name' | 'business_email' | 'business_phone' | 'verified_email' | 'verified_phone' | 'version'
>;

const FIELDS = (
  ['business_name', 'business_email', 'business_phone', 'verified_email', 'verified_phone'] as const
).map((key) => [key, businessColumnLabel(key)] as const);

interface BusinessConflictProps {
  shown: BusinessRow;
  conflict: EditConflict<BusinessNow>;
  onReload: (now: BusinessNow) => void;
  /** Absent where the person's change no longer makes sense. */
  onApplyAnyway?: () => void;
  applying?: boolean;
}

export function BusinessConflict({
  shown,
  conflict,
  onReload,
  onApplyAnyway,
  applying,
}: BusinessConflictProps) {
  const now = conflict.current;
  return (
    <LazyConflictNotice
      changes={changedFields(shown, now, FIELDS)}
      changedBy={conflict.changedBy}
      changedAt={conflict.changedAt}
      onReload={() => (now ? onReload({ ...now, version: conflict.currentVersion }) : undefined)}
      onApplyAnyway={now ? onApplyAnyway : undefined}
      applying={applying}
    />
  );
}
