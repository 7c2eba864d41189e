import {
  type VerificationLabel as VerificationState,
  verificationLabel,
} from '@portal/contract/business-columns';
import type { BusinessRow } from '../../api/business-data-api.ts';
import { type BadgeTone, StatusBadge } from '../status-badge.tsx';

export interface VerificationLabel {
  label: VerificationState;
  tone: BadgeTone;
}

const VERIFICATION_TONES: Record<VerificationState, BadgeTone> = {
  Verificado: 'green',
  'Parcialmente Verificado': 'amber',
  'No Verificado': 'red',
};

/** SPEC §4 "Business verification": both flags, one, or none. Capitalised as the filter options
 * ('Todos', 'Verificado', 'No Verificado'), so a badge reads as the filter that finds it. */
export function verificationOf(row: { verified_email: boolean; verified_phone: boolean }): VerificationLabel {
  const label = verificationLabel(row.verified_email, row.verified_phone); // the directory CSV's words too
  return { label, tone: VERIFICATION_TONES[label] };
}

/** Estado: 'Verificado', 'Parcialmente Verificado' or 'No Verificado'. */
export function VerificationBadge({
  business,
}: {
  business: Pick<BusinessRow, 'verified_email' | 'verified_phone'>;
}) {
  const { label, tone } = verificationOf(business);
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

/** One flag (the email or the phone): 'Verificado' or 'No Verificado', in the colours of the badge above. */
export function VerifiedFlagBadge({ verified }: { verified: boolean }) {
  const label: VerificationState = verified ? 'Verificado' : 'No Verificado';
  return <StatusBadge tone={VERIFICATION_TONES[label]}>{label}</StatusBadge>;
}
