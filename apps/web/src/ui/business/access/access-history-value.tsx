import { ArrowRight } from 'lucide-react';
import { StatusBadge } from '../../status-badge.tsx';
import { valueLabel } from './access-rules.ts';

function ValueBadge({ value }: { value: boolean | null }) {
  return <StatusBadge tone={value ? 'green' : 'slate'}>{valueLabel(value)}</StatusBadge>;
}

/** 'Activado → Desactivado'. */
export function AccessHistoryValue({ oldValue, newValue }: { oldValue: boolean | null; newValue: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <ValueBadge value={oldValue} />
      <ArrowRight className="size-3.5 text-slate-500" aria-hidden="true" />
      <span className="sr-only">a</span>
      <ValueBadge value={newValue} />
    </span>
  );
}
