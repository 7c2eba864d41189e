import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn, focusRing } from '../../../ui/cn.ts';

/** Copies the registry number; 'Copiado' shows for two seconds (and is announced). */
export function CopyRegistryButton({ registry }: { registry: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(registry);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copiar número de registro ${registry}`}
        className={cn('rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800', focusRing)}
      >
        {copied ? (
          <Check className="size-4 text-emerald-600" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
      </button>
      <span role="status" className="text-xs font-medium text-emerald-700">
        {copied ? 'Copiado' : ''}
      </span>
    </span>
  );
}
