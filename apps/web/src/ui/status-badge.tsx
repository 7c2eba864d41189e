import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type BadgeTone = 'green' | 'amber' | 'red' | 'slate' | 'blue';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
};

const GREEN = new Set(['verified', 'active', 'succeeded', 'fully verified', 'activo', 'verificado', 'paid']);
const AMBER = new Set(['partial', 'partially verified', 'pending', 'past_due', 'incomplete', 'pendiente']);
const RED = new Set(['canceled', 'cancelled', 'ended', 'suspended', 'failed', 'suspendido', 'no verificado']);

/** DESIGN §9: green for verified/active/succeeded, amber for partial/pending/past_due/incomplete,
 * red for canceled/ended/suspended, slate for anything else. */
export function toneForStatus(status: string | null | undefined): BadgeTone {
  const key = (status ?? '').trim().toLowerCase();
  if (GREEN.has(key)) return 'green';
  if (AMBER.has(key)) return 'amber';
  if (RED.has(key)) return 'red';
  return 'slate';
}

interface StatusBadgeProps {
  /** A status word; its tone comes from toneForStatus unless `tone` is given. */
  status?: string | null;
  tone?: BadgeTone;
  children?: ReactNode;
  className?: string;
}

/** The one badge of the portal (DESIGN §9). */
export function StatusBadge({ status, tone, children, className }: StatusBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        tones[tone ?? toneForStatus(status)],
        className,
      )}
    >
      {children ?? status}
    </span>
  );
}
