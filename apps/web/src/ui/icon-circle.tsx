// The round icon that heads a summary card (the subscription's plan, the business it belongs to).
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export function IconCircle({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600 [&>svg]:size-5',
        className,
      )}
    >
      {children}
    </span>
  );
}
