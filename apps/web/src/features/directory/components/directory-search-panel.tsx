import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { activeFilterCount, type DirectoryFilters } from '../directory-view.ts';
import { DirectorySearchBox } from './directory-search-box.tsx';

// The panel (and the category list it offers) loads when it is first opened or about to be.
const loadFiltersPanel = () => import('./directory-filters-panel.tsx');
const DirectoryFiltersPanel = lazy(() =>
  loadFiltersPanel().then((m) => ({ default: m.DirectoryFiltersPanel })),
);
const preloadFiltersPanel = () => {
  loadFiltersPanel().catch(() => undefined);
};

interface DirectorySearchPanelProps {
  search: string;
  filters: DirectoryFilters;
  onSearch: (search: string) => void;
  onApplyFilters: (filters: DirectoryFilters) => void;
  onToRows?: (search: string, when: 'now' | 'when-shown') => void;
}

/** The search box and the collapsible filter panel (Radix Collapsible) in one card. */
export function DirectorySearchPanel({
  search,
  filters,
  onSearch,
  onApplyFilters,
  onToRows,
}: DirectorySearchPanelProps) {
  const id = useId();
  const active = activeFilterCount(filters);
  const [open, setOpen] = useState(active > 0);

  // Filters that arrive from outside (a link, Back, a category in the summary) show their panel.
  const appliedKey = JSON.stringify(filters);
  useEffect(() => {
    if (appliedKey && active > 0) setOpen(true);
  }, [appliedKey, active]);

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen}>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <DirectorySearchBox value={search} onSearch={onSearch} onToRows={onToRows} />
          <Collapsible.Trigger asChild>
            <Button
              variant="secondary"
              className="shrink-0"
              onPointerEnter={preloadFiltersPanel}
              onFocus={preloadFiltersPanel}
              icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              {active > 0 ? `Filtros (${active})` : 'Filtros'}
              <ChevronDown
                aria-hidden="true"
                className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
              />
            </Button>
          </Collapsible.Trigger>
        </div>
        {/* Only while open: Radix measures even a closed panel, forcing a layout of the whole screen on
            its first render; closed, it would render nothing anyway. */}
        {open ? (
          <Collapsible.Content className="mt-4 border-t border-slate-200 pt-4">
            <Suspense
              fallback={
                <div className="flex justify-center py-6 text-blue-600">
                  <Spinner label="Cargando..." />
                </div>
              }
            >
              <DirectoryFiltersPanel id={`${id}filters`} applied={filters} onApply={onApplyFilters} />
            </Suspense>
          </Collapsible.Content>
        ) : null}
      </div>
    </Collapsible.Root>
  );
}
