import type { StaffActionPage } from '@portal/contract/staff-audit';
import { ScrollText, SearchX } from 'lucide-react';
import { Button } from '../../../ui/button.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { AUDIT_PAGE_SIZE } from '../api/use-staff-actions.ts';
import { AUDIT_COLUMNS } from './audit-columns.tsx';

const count = new Intl.NumberFormat('es-PR');

interface AuditResultsProps {
  data: StaffActionPage | undefined;
  error: Error | null;
  page: number;
  /** Rows a page (issue #24); the contract's default when absent. */
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
      />
    );
  }
  if (!data) return <LoadingState />;
  if (data.staff_actions.length === 0) {
    return props.filtered ? (
      <EmptyState
        icon={<SearchX className="size-6" />}
        title="No se encontraron acciones"
        description="Ninguna acción del personal coincide con los filtros."
        action={
          <Button variant="secondary" onClick={props.onClear}>
            Limpiar filtros
          </Button>
        }
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
  const last = first + data.staff_actions.length - 1;
  const totalPages = Math.max(1, Math.ceil(data.total_count / pageSize));
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Mostrando {count.format(first)}-{count.format(last)} de {count.format(data.total_count)}{' '}
        {data.total_count === 1 ? 'acción' : 'acciones'}
      </p>
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
