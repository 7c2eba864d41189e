import type { BusinessRow } from '../../../api/business-data-api.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { verificationOf } from '../directory-wording.ts';

/** Estado: 'Verificado', 'Parcialmente Verificado' or 'No Verificado'. */
export function VerificationBadge({ business }: { business: BusinessRow }) {
  const { label, tone } = verificationOf(business);
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}
