// A business changed by someone else while its verification, email or data was being edited, or
// while its deletion was being confirmed: the shared conflict view with the business's fields the
// modals show, and the person's own change that was not saved.
import { formatPhone } from '@portal/contract/phone';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { changedFields, type EditConflict } from '../../../api/edit-conflict.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import type { OwnChange } from '../../conflict-notice.tsx';
import { LazyConflictNotice } from '../../conflict-notice-lazy.tsx';

/** The business as the 412 gives it (its verification record). */
export type BusinessNow = Pick<
  BusinessRow,
  'business_name' | 'business_email' | 'business_phone' | 'verified_email' | 'verified_phone' | 'version'
>;

type ConflictField = keyof BusinessRow & string;

/** A value as the conflict view shows it: the phone as the form writes it, an empty one as '—'. */
function shownValue(value: unknown, key?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (key === 'business_phone') return formatPhone(String(value)) || String(value);
  return String(value);
}

const labelled = (keys: readonly ConflictField[]) =>
  keys.map((key) => [key, businessColumnLabel(key), (value: unknown) => shownValue(value, key)] as const);

const FIELDS = labelled([
  'business_name',
  'business_email',
  'business_phone',
  'verified_email',
  'verified_phone',
]);

/** The fields 'Editar datos' edits, in its form's order. */
export const EDIT_FORM_FIELDS = [
  'business_name',
  'business_owner',
  'business_phone',
  'business_category',
  'business_year',
  'business_address',
  'business_description',
] as const;

/** The fields 'Editar datos' shows. */
export const EDIT_CONFLICT_FIELDS = labelled([
  ...EDIT_FORM_FIELDS,
  'business_email',
  'verified_email',
  'verified_phone',
]);

interface BusinessConflictProps {
  shown: BusinessRow;
  conflict: EditConflict<BusinessNow>;
  onReload: (now: BusinessNow) => void;
  /** Absent where the person's change no longer makes sense. */
  onApplyAnyway?: () => void;
  applying?: boolean;
  /** The fields compared; by default those of the verification and email modals. */
  fields?: ReturnType<typeof labelled>;
  /** What did not happen (ConflictNotice's `notDoneNote`); by default the change was not saved. */
  notDoneNote?: string;
  /** ConflictNotice's heading; by default the record changed while it was being edited. */
  title?: string;
  /** The person's change that was not saved (the fields sent), shown as 'Su cambio'. */
  mine?: Partial<BusinessRow> | null;
}

/** The person's change, field by field, in the order of `fields`. */
export function ownChanges(
  mine: Partial<BusinessRow> | null | undefined,
  fields: ReturnType<typeof labelled>,
): OwnChange[] {
  if (!mine) return [];
  return fields
    .filter(([key]) => key in mine)
    .map(([key, label, format]) => ({ label, value: format(mine[key]) }));
}

export function BusinessConflict({
  shown,
  conflict,
  onReload,
  onApplyAnyway,
  applying,
  fields = FIELDS,
  notDoneNote,
  title,
  mine,
}: BusinessConflictProps) {
  const now = conflict.current;
  return (
    <LazyConflictNotice
      changes={changedFields(shown, now as Partial<BusinessRow> | null, fields)}
      changedBy={conflict.changedBy}
      changedAt={conflict.changedAt}
      onReload={() => (now ? onReload({ ...now, version: conflict.currentVersion }) : undefined)}
      onApplyAnyway={now ? onApplyAnyway : undefined}
      applying={applying}
      notDoneNote={notDoneNote}
      title={title}
      ownChanges={ownChanges(mine, fields)}
    />
  );
}
