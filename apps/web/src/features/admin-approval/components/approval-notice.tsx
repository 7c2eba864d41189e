import { X } from 'lucide-react';
import { Banner } from '../../../ui/banner.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';

export interface Notice {
  tone: 'success' | 'error';
  title: string;
  message?: string;
}

/** The success banner after an update, reset, delete, approval, release or bulk action (SPEC §8),
 * or why a one-click action failed; stays until closed or replaced. */
export function ApprovalNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <div className="relative">
      <Banner tone={notice.tone} title={notice.title} className="pr-12">
        {notice.message}
      </Banner>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Cerrar aviso"
        className={cn(
          'absolute top-1 right-1 flex size-10 items-center justify-center rounded-md text-slate-500 hover:text-slate-800',
          focusRing,
        )}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
