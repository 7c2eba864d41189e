// 'Exportar' on the directory, the change history and the audit: a button that opens
// the formats (CSV, Excel) and, for the master on a directory search past 10,000 rows, 'Exportar
// todo'. While a file downloads it shows its progress (rows so far of the total when known, else
// the bytes) and 'Cancelar'. A disclosure, not an ARIA menu: plain buttons in the tab order, Escape
// or a click elsewhere closes it.
import { Download, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatCount, sizeLabel } from '../lib/size-label.ts';
import type { ExportRequest, ExportState } from '../lib/use-export.ts';
import { Button } from './button.tsx';
import { cn, focusRing } from './cn.ts';

export interface ExportMenuProps {
  exporter: ExportState;
  /** The trigger's text ('Exportar' on the directory, 'Exportar CSV' before). */
  label?: string;
  disabled?: boolean;
  /** The master's 'Exportar todo' (directory, past the 10,000-row cap): how many match, if known. */
  exportAll?: { count: number | null } | null;
  className?: string;
}

const FORMAT_NAMES = { csv: 'CSV', xlsx: 'Excel' } as const;

/** 'Exportando CSV… 1,234 de 10,000 filas', or the bytes of an Excel file. */
function progressText(running: ExportRequest, progress: ExportState['progress']): string {
  const what = `Exportando ${FORMAT_NAMES[running.format]}…`;
  if (progress.rows !== null) {
    const of = progress.total !== null ? ` de ${formatCount(progress.total)}` : '';
    return `${what} ${formatCount(progress.rows)}${of} filas`;
  }
  const total = progress.total !== null ? ` (${formatCount(progress.total)} filas)` : '';
  // Until the server's first byte the file is being prepared: not '0 B' of it (short: a phone's line).
  const size = progress.bytes > 0 ? sizeLabel(progress.bytes) : 'en preparación';
  return `${what} ${size}${total}`;
}

const itemClass = cn(
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100',
  focusRing,
);

const FORMATS = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (XLSX)' },
] as const;

/** The menu's CSV and Excel items, for the page shown or (all) for every row. */
function FormatItems({ all, onChoose }: { all: boolean; onChoose: (request: ExportRequest) => void }) {
  return FORMATS.map(({ format, label }) => (
    <button
      key={format}
      type="button"
      data-export-item
      className={itemClass}
      onClick={() => onChoose({ format, all })}
    >
      {all ? `Exportar todo en ${label}` : label}
    </button>
  ));
}

export function ExportMenu({
  exporter,
  label = 'Exportar',
  disabled,
  exportAll,
  className,
}: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const progressBox = useRef<HTMLDivElement>(null);
  // A format chosen (or 'Cancelar' pressed) takes its button away: the focus goes on to the progress's
  // 'Cancelar', then back to 'Exportar' when the file is done, unless the person has moved it.
  const handingFocus = useRef(false);
  const { running, progress } = exporter;
  useEffect(() => {
    if (!handingFocus.current || open) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      handingFocus.current = false;
      return;
    }
    const box = running ? progressBox.current : root.current;
    box?.querySelector<HTMLButtonElement>('button')?.focus();
    if (!running) handingFocus.current = false;
  }, [running, open]);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('[data-export-item]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('button')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (running) {
    const percent =
      progress.rows !== null && progress.total ? Math.min(100, (progress.rows / progress.total) * 100) : null;
    return (
      <div
        ref={progressBox}
        data-export-progress
        className={cn('flex min-w-0 items-center gap-3', className)}
      >
        <div className="min-w-0">
          <p role="status" className="truncate text-sm font-medium text-slate-700">
            {progressText(running, progress)}
          </p>
          <div
            className="mt-1 h-1.5 w-44 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Progreso de la exportación"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent === null ? undefined : Math.round(percent)}
          >
            <div
              className={cn('h-full rounded-full bg-blue-600', percent === null && 'w-1/3 animate-pulse')}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            handingFocus.current = true;
            exporter.cancel();
          }}
          icon={<X className="size-4" aria-hidden="true" />}
        >
          Cancelar
        </Button>
      </div>
    );
  }

  const choose = (request: ExportRequest) => {
    handingFocus.current = true;
    setOpen(false);
    exporter.start(request);
  };
  return (
    <div ref={root} className={cn('relative', className)}>
      <Button
        variant="secondary"
        onClick={() => setOpen((value) => !value)}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        icon={<Download className="size-4" aria-hidden="true" />}
        className="w-full whitespace-nowrap"
      >
        {label}
      </Button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <p className="px-3 pt-1.5 pb-1 text-xs font-medium text-slate-500">Formato</p>
          <FormatItems all={false} onChoose={choose} />
          {exportAll ? (
            <>
              <div className="my-1 h-px bg-slate-200" />
              <p className="px-3 pt-1.5 pb-1 text-xs font-medium text-slate-500">
                Exportar todo
                {exportAll.count !== null ? ` (${formatCount(exportAll.count)} negocios)` : ''}
              </p>
              <FormatItems all onChoose={choose} />
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
