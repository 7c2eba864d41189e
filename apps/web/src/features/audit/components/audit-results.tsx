import type { StaffActionPage } from '@portal/contract/staff-audit';
import { ScrollText } from 'lucide-react';
import { isRefusedRequest } from '../../../api/api-error.ts';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState, NoMatches } from '../../../ui/empty-state.tsx';
import { Pagination, ShownRange } from '../../../ui/pagination.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { AUDIT_PAGE_SIZE } from '../api/use-staff-actions.ts';
import { AUDIT_COLUMNS } from './audit-columns.tsx';

interface AuditResultsProps {
  data: StaffActionPage | undefined;
  error: Error | null;
  page: number;
  /** Rows a page; the contract's default when absent. */
  pageSize?: number;
  /** Showing the previous page while the next one loads. */
  stale: boolean;
  retrying: boolean;
  filtered: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  onClear: () => void;
}

/** The four states of DESIGN §9, then the rows and the pager. */
export function AuditResults(props: AuditResultsProps) {
  const { data, error, page } = props;
  const pageSize = props.pageSize ?? AUDIT_PAGE_SIZE;
  if (error) {
    return (
      <LoadError
        title="Error al cargar la auditoría"
        message={error.message}
        onRetry={props.onRetry}
        retrying={props.retrying}
        // A shared link may carry filters the server refuses: retrying alone would never end it.
        action={
          props.filtered && isRefusedRequest(error)
            ? { label: 'Limpiar filtros', onClick: props.onClear }
            : undefined
        }
      />
    );
  }
  if (!data) return <LoadingState />;
  if (data.staff_actions.length === 0) {
    return props.filtered ? (
      <NoMatches
        title="No se encontraron acciones"
        description="Ninguna acción del personal coincide con los filtros."
        clearLabel="Limpiar filtros"
        onClear={props.onClear}
      />
    ) : (
      <EmptyState
        icon={<ScrollText className="size-6" />}
        title="Sin acciones registradas"
        description="Cuando el personal cree, edite o elimine algo, o exporte datos, aparecerá aquí."
      />
    );
  }
  const first = (page - 1) * pageSize + 1;
  const totalPages = Math.max(1, Math.ceil(data.total_count / pageSize));
  return (
    <div className="space-y-4">
      <ShownRange
        first={first}
        shown={data.staff_actions.length}
        total={data.total_count}
        noun={['acción', 'acciones']}
      />
      <div
        aria-busy={props.stale || undefined}
        className={`overflow-hidden rounded-lg border border-slate-200 bg-white ${props.stale ? 'opacity-60 transition-opacity' : ''}`}
      >
        <ResponsiveTable
          label="Acciones del personal"
          columns={AUDIT_COLUMNS}
          rows={data.staff_actions}
          rowKey={(row) => row.id}
        />
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={props.onPage} />
    </div>
  );
}
