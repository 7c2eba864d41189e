import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<BannerTone, { box: string; icon: ReactNode }> = {
  info: { box: 'border-blue-200 bg-blue-50 text-blue-900', icon: <Info className="size-5 text-blue-600" /> },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: <CheckCircle2 className="size-5 text-emerald-600" />,
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-900',
    icon: <AlertTriangle className="size-5 text-amber-600" />,
  },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: <XCircle className="size-5 text-red-600" /> },
};

interface BannerProps {
  tone?: BannerTone;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/** A message box; warnings and errors are announced (role alert). */
export function Banner({ tone = 'info', title, children, className }: BannerProps) {
  const style = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      data-tone={tone}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', style.box, className)}
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {style.icon}
      </span>
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
