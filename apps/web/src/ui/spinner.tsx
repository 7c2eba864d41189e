import { cn } from './cn.ts';

interface SpinnerProps {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

/** A spinning ring; with a label it announces itself to screen readers. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'animate-spin rounded-full border-current border-t-transparent opacity-80',
          sizes[size],
        )}
      />
      {label ? <span className="text-sm text-slate-600">{label}</span> : null}
    </span>
  );
}

/** A whole-page wait, e.g. 'Verificando autenticación...'. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 text-blue-600">
      <Spinner label={label} size="lg" className="flex-col" />
    </div>
  );
}

/** 'Cargando...' where a screen's chunk is on its way, under the header. */
export function ScreenSpinner() {
  return (
    <div className="flex justify-center py-16 text-blue-600">
      <Spinner label="Cargando..." />
    </div>
  );
}
