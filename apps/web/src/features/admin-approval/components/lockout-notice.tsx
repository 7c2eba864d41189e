import { Lock } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-date.ts';

/** 'Bloqueado hasta …' (es-PR) under an admin's status while five failed sign-ins lock the account. */
export function LockoutNotice({ until }: { until: string }) {
  return (
    <p className="mt-1.5 flex items-center gap-1 text-xs font-medium text-red-700">
      <Lock className="size-3.5 shrink-0" aria-hidden="true" />
      <span>Bloqueado hasta {formatDateTime(until)}</span>
    </p>
  );
}
