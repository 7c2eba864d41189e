import { ChevronLeft, ChevronRight } from 'lucide-react';
import { usePagerFocus } from '../../../lib/use-pager-focus.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { type CountInfo, pageCount, pageText, rangeText } from '../directory-wording.ts';

interface DirectoryPagerProps {
  page: number;
  pageSize: number;
  shown: number;
  count: CountInfo;
  /** The next page is on its way (the current one stays on screen meanwhile). */
  loading: boolean;
  /** One page back or forward from the page in the URL (which may be ahead of the one shown). */
  onStep: (delta: -1 | 1) => void;
}

/** 'Mostrando a-b de total', 'Página x de y', Anterior and Siguiente (SPEC §2). */
export function DirectoryPager({ page, pageSize, shown, count, loading, onStep }: DirectoryPagerProps) {
  const pages = pageCount(count.total, pageSize);
  const { navRef, noteFocus } = usePagerFocus<HTMLElement>(page);
  const step = (delta: -1 | 1) => {
    noteFocus();
    onStep(delta);
  };
  return (
    <nav
      ref={navRef}
      aria-label="Paginación"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm sm:contents">
        <p className="text-slate-700" aria-live="polite">
          {rangeText(page, pageSize, shown, count)}
        </p>
        <p className="flex items-center gap-2 whitespace-nowrap text-slate-600 sm:ml-auto">
          {loading ? <Spinner size="sm" className="text-blue-600" /> : null}
          {pageText(page, pages, count.capped)}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="secondary"
          onClick={() => step(-1)}
          disabled={page <= 1}
          icon={<ChevronLeft className="size-4" aria-hidden="true" />}
        >
          Anterior
        </Button>
        <Button
          variant="secondary"
          onClick={() => step(1)}
          disabled={page >= pages}
          className="flex-row-reverse"
          icon={<ChevronRight className="size-4" aria-hidden="true" />}
        >
          Siguiente
        </Button>
      </div>
    </nav>
  );
}
