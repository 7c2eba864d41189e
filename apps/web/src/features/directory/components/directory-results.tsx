import { Store } from 'lucide-react';
import { isRefusedRequest } from '../../../api/api-error.ts';
import { MD_UP, useShownAtWidth } from '../../../lib/use-media-query.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState, NoMatches } from '../../../ui/empty-state.tsx';
import type { DirectoryPage } from '../api/use-business-list.ts';
import type { Narrowing } from '../directory-view.ts';
import { CLEAR_LABELS, NO_MATCHES } from '../directory-wording.ts';
import type { BulkSelection } from '../use-bulk-selection.ts';
import { DirectoryCards } from './directory-cards.tsx';
import { DirectoryPager } from './directory-pager.tsx';
import { DirectoryTable, type HeaderSort } from './directory-table.tsx';
import type { OpenRowAction } from './row-modals.tsx';

interface DirectoryResultsProps {
  data: DirectoryPage | undefined;
  pageSize: number;
  error: Error | null;
  /** Showing the previous page while the next one loads. */
  stale: boolean;
  retrying: boolean;
  /** What narrows the list: the no-match text and the clearing button say so. */
  narrowing: Narrowing;
  onRetry: () => void;
  onStep: (delta: -1 | 1) => void;
  onClearAll: () => void;
  onRegister: () => void;
  onOpenAction: OpenRowAction;
  /** The rows' checkboxes for the bulk actions. */
  selection?: BulkSelection;
  /** The order, for the table's sortable headers. */
  sort: HeaderSort;
}

/** The four states of DESIGN §9, then the table (768 px and up) or the cards, and the pager. */
export function DirectoryResults(props: DirectoryResultsProps) {
  const { data, error, narrowing } = props;
  // Only the layout the width shows is built: a page of rows is the screen's heaviest render.
  const table = useShownAtWidth(MD_UP);
  const cards = useShownAtWidth(MD_UP, false);

  // SPEC §8: a load error empties the list and resets the count.
  if (error) {
    return (
      <LoadError
        title="No se pudo cargar el directorio"
        message={error.message}
        onRetry={props.onRetry}
        retrying={props.retrying}
        // A link or an old tab may carry filters the server refuses: retrying alone would never end it.
        action={
          narrowing !== 'none' && isRefusedRequest(error)
            ? { label: CLEAR_LABELS[narrowing], onClick: props.onClearAll }
            : undefined
        }
      />
    );
  }
  if (!data || (data.businesses.length === 0 && data.total_count > 0)) return <LoadingState />;

  if (data.businesses.length === 0) {
    return narrowing !== 'none' ? (
      <NoMatches
        title="No se encontraron negocios"
        description={NO_MATCHES[narrowing]}
        clearLabel={CLEAR_LABELS[narrowing]}
        onClear={props.onClearAll}
      />
    ) : (
      <EmptyState
        icon={<Store className="size-6" />}
        title="Buscar Negocios"
        description="El directorio aún no tiene negocios. Cuando se registren aparecerán aquí y podrá buscarlos por nombre, propietario, email o teléfono."
        action={<Button onClick={props.onRegister}>Registrar Negocio</Button>}
      />
    );
  }

  const rows = { businesses: data.businesses, onOpenAction: props.onOpenAction, selection: props.selection };
  return (
    <div className="space-y-4">
      <div
        aria-busy={props.stale || undefined}
        className={props.stale ? 'opacity-60 transition-opacity' : undefined}
      >
        {table ? (
          <div className="hidden md:block">
            <DirectoryTable {...rows} sort={props.sort} />
          </div>
        ) : null}
        {cards ? (
          <div className="md:hidden">
            <DirectoryCards {...rows} />
          </div>
        ) : null}
      </div>
      <DirectoryPager
        page={data.page}
        pageSize={props.pageSize}
        shown={data.businesses.length}
        count={{ total: data.total_count, capped: data.total_count_capped === true }}
        loading={props.stale}
        onStep={props.onStep}
      />
    </div>
  );
}
