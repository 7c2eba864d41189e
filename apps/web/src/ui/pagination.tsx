import { ChevronLeft, ChevronRight } from 'lucide-react';
import { plural, shownSpan } from '../lib/plural.ts';
import { usePagerFocus } from '../lib/use-pager-focus.ts';
import { cn, focusRing } from './cn.ts';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many numbered buttons to show at most (SPEC §9: 5 for the registration history). */
  maxButtons?: number;
  className?: string;
}

const count = new Intl.NumberFormat('es-PR');

export function pageWindow(page: number, totalPages: number, maxButtons: number): number[] {
  const shown = Math.min(maxButtons, totalPages);
  let start = Math.max(1, page - Math.floor(shown / 2));
  start = Math.min(start, totalPages - shown + 1);
  return Array.from({ length: shown }, (_, index) => start + index);
}

const pageButton = cn(
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-medium',
  'disabled:cursor-not-allowed disabled:opacity-50',
  focusRing,
);

/**
 * The pages of a list, under its rows: a page chosen here brings the top of the list (the pager's
 * parent element, which holds the rows) back into view, the focus staying on the pager's button.
 */
export function Pagination({ page, totalPages, onPageChange, maxButtons = 5, className }: PaginationProps) {
  const { navRef, noteFocus } = usePagerFocus<HTMLElement>(page, {
    list: (nav) => nav.parentElement,
  });
  if (totalPages <= 1) return null;
  const go = (next: number) => {
    // The current page's own button changes nothing (and must not scroll on a later change).
    if (next === page) return;
    noteFocus();
    onPageChange(next);
  };
  return (
    <nav
      ref={navRef}
      aria-label="Paginación"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-sm text-slate-600">
        Página {count.format(page)} de {count.format(totalPages)}
      </p>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={cn(pageButton, 'text-slate-700 hover:bg-slate-100')}
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label="Página anterior"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </button>
        {pageWindow(page, totalPages, maxButtons).map((number) => (
          <button
            key={number}
            type="button"
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Página ${count.format(number)}`}
            className={cn(
              pageButton,
              number === page ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
            onClick={() => go(number)}
          >
            {count.format(number)}
          </button>
        ))}
        <button
          type="button"
          className={cn(pageButton, 'text-slate-700 hover:bg-slate-100')}
          onClick={() => go(page + 1)}
          disabled={page >= totalPages}
          aria-label="Página siguiente"
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

interface ShownRangeProps {
  /** The position of the first row shown, from 1. */
  first: number;
  shown: number;
  total: number;
  /** The rows' noun, singular and plural ('acción', 'acciones'). */
  noun: [string, string];
}

/** 'Mostrando 1-20 de 345 acciones', read out when it changes. */
export function ShownRange({ first, shown, total, noun }: ShownRangeProps) {
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      Mostrando {shownSpan(first, first + shown - 1)} de {count.format(total)}{' '}
      {plural(total, noun[0], noun[1])}
    </p>
  );
}
