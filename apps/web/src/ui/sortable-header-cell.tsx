import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn, focusRing } from './cn.ts';

export type HeaderSortOrder = 'asc' | 'desc';

interface SortableHeaderCellProps {
  children: ReactNode;
  /** The list's order by this column, or null when it is sorted some other way. */
  sorted: HeaderSortOrder | null;
  /** Sort by this column: the other direction when it is the sorted one. */
  onSort: () => void;
  className?: string;
}

/** A column header that sorts its list (a button inside the header, `aria-sort` on the header). */
export function SortableHeaderCell({ children, sorted, onSort, className }: SortableHeaderCellProps) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    // TableHeaderCell's look, its padding shared with the button (a 40 px target, text where the cells' starts).
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={cn('px-2 py-0 text-left text-xs', className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-left font-semibold tracking-wide uppercase hover:text-slate-900',
          sorted ? 'text-slate-900' : 'text-slate-600',
          focusRing,
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', sorted ? 'text-blue-600' : 'text-slate-400')} />
      </button>
    </th>
  );
}
