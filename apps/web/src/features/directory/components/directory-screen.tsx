import { LIMITS } from '@portal/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Fragment, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SavedView } from '../../../api/saved-views-api.ts';
import { plural } from '../../../lib/plural.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useSession } from '../../../session/use-session.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ImportLink } from '../../../ui/import-link.tsx';
import { ListSortControls } from '../../../ui/list-sort-controls.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { businessDataKeys } from '../api/business-data-keys.ts';
import { useBusinessList } from '../api/use-business-list.ts';
import { useDirectoryCache } from '../api/use-directory-cache.ts';
import { useDirectoryExport } from '../api/use-directory-export.ts';
import {
  CHOICE_ORDER,
  DEFAULT_ORDER,
  type DirectorySortField,
  EMPTY_FILTERS,
  effectiveSearch,
  filtersOf,
  narrowingOf,
  PAGE_SIZES,
  sortOptionsFor,
  toFilterQuery,
} from '../directory-view.ts';
import {
  type CountInfo,
  DIRECTORY_TITLE,
  directoryDescription,
  pageCount,
  resultsTitle,
  totalLabel,
} from '../directory-wording.ts';
import { openSavedQuery, toSavedQuery } from '../saved-view-query.ts';
import { useBulkSelection } from '../use-bulk-selection.ts';
import { useDirectoryView } from '../use-directory-view.ts';
import { useMoveToRows } from '../use-move-to-rows.ts';
import { useReturnToRow } from '../use-return-to-row.ts';
import { BulkActions } from './bulk-actions.tsx';
import { DirectoryResults } from './directory-results.tsx';
import { DirectorySearchPanel } from './directory-search-panel.tsx';
import { DirectoryStatsStrip } from './directory-stats-strip.tsx';
import { RowModals, useRowModal } from './row-modals.tsx';
import { SavedViewsBar } from './saved-views-bar.tsx';

const PHONE = '(width < 40rem)';

/** Tab 'Buscar Negocios' (SPEC §2 "Business directory and search"). */
export default function DirectoryScreen() {
  const { view, update } = useDirectoryView();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const query = useMemo(() => toFilterQuery(view), [view]);
  const narrowing = narrowingOf(view);
  const narrowed = narrowing !== 'none';
  const searching = effectiveSearch(view.search) !== '';
  // A column header sorts by its field, or turns its direction round when it is the order already.
  const sortByColumn = useCallback(
    (field: DirectorySortField) =>
      update(
        view.sortBy === field
          ? { sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' }
          : { sortBy: field, sortOrder: DEFAULT_ORDER[field] },
      ),
    [update, view.sortBy, view.sortOrder],
  );
  const headerSort = useMemo(
    () => ({ sortBy: view.sortBy, sortOrder: view.sortOrder, onSort: sortByColumn }),
    [view.sortBy, view.sortOrder, sortByColumn],
  );
  const list = useBusinessList(query, view.page, view.pageSize);
  const cache = useDirectoryCache();
  const rowModal = useRowModal();
  const [refreshing, setRefreshing] = useState(false);
  // On a phone the search comes first, then the title over the list, and the totals go below the list
  //: the DOM order changes with the width, so reading and tabbing follow what is seen.
  const phone = useMediaQuery(PHONE) === true;
  const resultsRef = useRef<HTMLElement>(null);

  // TanStack Query hands a page over synchronously, and its rows are the screen's heaviest render:
  // deferred, React builds them in short slices instead of one long task.
  const data = useDeferredValue(list.isError ? undefined : list.data);
  const stale = useDeferredValue(list.isPlaceholderData);
  // A failed load has no count: the title stays 'Directorio de Negocios', never 'Resultados (0)'.
  const count: CountInfo | null = data
    ? { total: data.total_count, capped: data.total_count_capped === true }
    : null;
  const pages = count ? pageCount(count.total, view.pageSize) : 1;
  // ↓ or Enter in the search box moves into the rows of that search, once they are on screen.
  const rowsShown = !!data && data === list.data && !stale && !list.isFetching;
  const toRows = useMoveToRows(resultsRef, rowsShown ? view.search : null);
  useReturnToRow(resultsRef, rowsShown);
  const exporter = useDirectoryExport(query, count?.capped ? null : (count?.total ?? null));
  const { session } = useSession();
  // The selection belongs to one search; another search or filter starts it over.
  const selection = useBulkSelection();
  const searchKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the search changes
  useEffect(() => selection.clear(), [searchKey, selection.clear]);

  // A page past the end (an old link, or the last row of the last page deleted): go to the last page.
  const pastEnd = !!data && !stale && data.businesses.length === 0 && data.total_count > 0;
  useEffect(() => {
    if (!pastEnd) return;
    if (view.page > pages) update({ page: pages }, { replace: true });
    else void list.refetch();
  }, [pastEnd, view.page, pages, update, list.refetch]);

  // A new page scrolls the results back into view when their top has scrolled away. The first page
  // shown is not a new page: measuring it would force the browser to lay the whole page out in the
  // middle of React's work.
  const shownPage = data?.page;
  const lastPage = useRef(shownPage);
  useEffect(() => {
    if (shownPage === undefined || shownPage === lastPage.current) return;
    const first = lastPage.current === undefined;
    lastPage.current = shownPage;
    if (first) return;
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [shownPage]);

  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([
      list.refetch(),
      queryClient.invalidateQueries({ queryKey: businessDataKeys.stats() }),
    ]).finally(() => setRefreshing(false));
  };

  // What an opened saved view had to leave out, shown while the directory still shows that view.
  const [dropped, setDropped] = useState<{ query: string; messages: string[] } | null>(null);
  const shownQuery = JSON.stringify(toSavedQuery(view));
  const droppedNotice = dropped && dropped.query === shownQuery ? dropped.messages : null;
  const openView = (saved: SavedView) => {
    const opened = openSavedQuery(saved.query);
    setDropped(
      opened.dropped.length > 0
        ? { query: JSON.stringify(toSavedQuery({ ...opened.view, page: 1 })), messages: opened.dropped }
        : null,
    );
    update({ ...opened.view, page: 1 });
  };

  const stats = <DirectoryStatsStrip onPickCategory={(category) => update({ category })} />;

  const announcement = !data
    ? ''
    : data.total_count === 0
      ? 'Ningún negocio encontrado'
      : `${totalLabel({ total: data.total_count, capped: data.total_count_capped === true })} ${plural(
          data.total_count_capped === true ? 2 : data.total_count,
          'negocio encontrado',
          'negocios encontrados',
        )}`;

  const header = (
    <PageHeader
      title={list.isError ? DIRECTORY_TITLE : resultsTitle(narrowed, count)}
      description={directoryDescription(narrowing, view)}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => void refresh()}
            loading={refreshing}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
          >
            Actualizar
          </Button>
          <ImportLink />
          <ExportMenu
            exporter={exporter}
            // Nothing to export, or the list could not be read: its count is unknown.
            disabled={list.isError || (count?.total === 0 && !count.capped)}
            exportAll={
              session?.loginType === 'master' && count && (count.capped || count.total > LIMITS.exportMaxRows)
                ? { count: count.capped ? null : count.total }
                : null
            }
          />
        </>
      }
    />
  );
  const searchPanel = (
    <DirectorySearchPanel
      search={view.search}
      filters={filtersOf(view)}
      onSearch={(search) => update({ search })}
      onApplyFilters={(filters) => update(filters)}
      onToRows={toRows}
    />
  );

  const results = (
    <section ref={resultsRef} aria-label="Resultados" className="scroll-mt-24 space-y-3">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <SavedViewsBar view={view} onOpen={openView} />
      {droppedNotice ? (
        <Banner tone="warning" title="La vista se abrió sin una parte que ya no es válida">
          <ul>
            {droppedNotice.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
      <ListSortControls
        fields={sortOptionsFor(searching)}
        pageSizes={PAGE_SIZES}
        view={view}
        defaultOrder={CHOICE_ORDER}
        orderless={['relevance']}
        onChange={(changes) => update(changes)}
      />
      <DirectoryResults
        data={data}
        pageSize={view.pageSize}
        error={list.isError ? list.error : null}
        stale={stale}
        retrying={list.isFetching}
        narrowing={narrowing}
        onRetry={() => void list.refetch()}
        onStep={(delta) => update({ page: Math.min(Math.max(1, view.page + delta), pages) })}
        onClearAll={() => update({ ...EMPTY_FILTERS, search: '' })}
        onRegister={() => setParams(new URLSearchParams({ tab: 'registrar' }))}
        onOpenAction={rowModal.open}
        selection={selection}
        sort={headerSort}
      />
      <BulkActions
        selection={selection}
        filters={query}
        count={count}
        master={session?.loginType === 'master'}
      />
    </section>
  );
  const parts = { header, stats, search: searchPanel, results };
  const order: (keyof typeof parts)[] = phone
    ? ['search', 'header', 'results', 'stats']
    : ['header', 'stats', 'search', 'results'];

  return (
    <div className="space-y-6">
      {/* Keyed, so a part keeps its state when the width moves it. */}
      {order.map((part) => (
        <Fragment key={part}>{parts[part]}</Fragment>
      ))}
      <RowModals
        state={rowModal}
        onBusinessChange={cache.updateBusiness}
        onBusinessDeleted={cache.removeBusiness}
      />
    </div>
  );
}
