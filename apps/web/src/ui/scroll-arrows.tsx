// The arrows of a strip that scrolls sideways (the dashboard's tabs, the business page's sections): one
// beside each end that hides items, and the selected item kept in view.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { cn, focusRing } from './cn.ts';

/** Room kept beside the selected item when it is scrolled into view, so the next one shows a little. */
const HINT_WIDTH = 48;

/** Which ends of a scrolling strip hide items. */
function useHiddenEnds(listRef: RefObject<HTMLElement | null>, selected: string) {
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // Keep the selected item in view, e.g. when a link or Back selects one that is scrolled away.
    const reveal = () => {
      const active = list.querySelector<HTMLElement>(selected);
      if (!active || list.scrollWidth <= list.clientWidth) return;
      const left = active.offsetLeft - HINT_WIDTH;
      const right = active.offsetLeft + active.offsetWidth + HINT_WIDTH - list.clientWidth;
      if (list.scrollLeft > left) list.scrollLeft = Math.max(0, left);
      else if (list.scrollLeft < right) list.scrollLeft = right;
    };
    let overflowing = false;
    const update = () => {
      const start = list.scrollLeft > 1;
      const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setEnds((current) => (current.start === start && current.end === end ? current : { start, end }));
      // The arrows' room narrows the strip once it overflows: the selected item is brought back into view.
      if ((start || end) && !overflowing) requestAnimationFrame(() => requestAnimationFrame(reveal));
      overflowing = start || end;
    };
    // The first call comes right after the list's first layout: measuring there, rather than now, does
    // not force a layout of the page while it is still being built.
    let first = true;
    const resize = new ResizeObserver(() => {
      if (first) reveal();
      first = false;
      update();
    });
    resize.observe(list);
    for (const child of Array.from(list.children)) resize.observe(child);
    const selection = new MutationObserver(() => {
      reveal();
      update();
      for (const child of Array.from(list.children)) resize.observe(child);
    });
    selection.observe(list, {
      subtree: true,
      childList: true,
      attributeFilter: ['data-state', 'aria-current'],
    });
    list.addEventListener('scroll', update, { passive: true });
    return () => {
      resize.disconnect();
      selection.disconnect();
      list.removeEventListener('scroll', update);
    };
  }, [listRef, selected]);
  return ends;
}

/**
 * An arrow beside an end of the strip that hides items (for pointers; keyboards reach every item by
 * themselves). It takes its own room next to the strip, so it never covers an item's label, and
 * only while that end hides an item: an end with nothing hidden keeps no empty room.
 */
function ScrollHint({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const start = side === 'start';
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={start ? 'Ver pestañas anteriores' : 'Ver más pestañas'}
      onClick={onClick}
      className={cn(
        'flex w-10 shrink-0 items-center justify-center border-b border-slate-200 text-slate-600 hover:bg-slate-200/70 hover:text-slate-900',
        focusRing,
      )}
    >
      {start ? (
        <ChevronLeft className="size-5" aria-hidden="true" />
      ) : (
        <ChevronRight className="size-5" aria-hidden="true" />
      )}
    </button>
  );
}

interface ScrollArrowsProps {
  /** The strip that scrolls: the child, with `min-w-0 flex-1 overflow-x-auto`. */
  listRef: RefObject<HTMLElement | null>;
  /** A selector for the selected item inside the strip. */
  selected: string;
  className?: string;
  children: ReactNode;
}

/** Lays the strip out between its arrows. */
export function ScrollArrows({ listRef, selected, className, children }: ScrollArrowsProps) {
  const ends = useHiddenEnds(listRef, selected);
  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };
  return (
    <div className={cn('flex items-stretch', className)}>
      {ends.start ? <ScrollHint side="start" onClick={() => scroll(-1)} /> : null}
      {children}
      {ends.end ? <ScrollHint side="end" onClick={() => scroll(1)} /> : null}
    </div>
  );
}
