// Auditoría (master only): the staff actions whose target is this business, newest first.
import { type StaffActionRecord, staffActionText } from '@portal/contract/staff-audit';
import { ScrollText } from 'lucide-react';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StaffActionDetails } from '../../../ui/staff-action-details.tsx';
import { useBusinessAudit } from '../api/use-business-audit.ts';

type Row = Pick<
  StaffActionRecord,
  'id' | 'action' | 'actor_role' | 'actor_identifier' | 'created_at' | 'ip_address' | 'details'
>;

const COLUMNS: ResponsiveColumn<Row>[] = [
  { id: 'fecha', header: 'Fecha', cell: (row) => formatDateTime(row.created_at) },
  { id: 'accion', header: 'Acción', cell: (row) => staffActionText(row) },
  {
    id: 'personal',
    header: 'Personal',
    cell: (row) =>
      row.actor_role === 'master' ? actorName(row.actor_identifier) : `${row.actor_identifier} (Admin)`,
  },
  { id: 'detalles', header: 'Detalles', cell: (row) => <StaffActionDetails details={row.details} /> },
  { id: 'ip', header: 'IP', cell: (row) => row.ip_address ?? 'N/A' },
];

export default function AuditPanel({ registry }: { registry: string }) {
  const audit = useBusinessAudit(registry);
  if (audit.isPending) return <LoadingState label="Cargando auditoría..." />;
  if (audit.isError && !audit.isFetchNextPageError) {
    return <QueryError query={audit} title="No se pudo cargar la auditoría" />;
  }
  const rows = audit.data?.pages.flatMap((page) => page.staff_actions) ?? [];
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<ScrollText className="size-6" />}
        title="Sin acciones registradas"
        description="Ningún miembro del personal ha actuado sobre este negocio todavía."
      />
    );
  }
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white">
        <ResponsiveTable
          rows={rows}
          columns={COLUMNS}
          rowKey={(row) => row.id}
          label="Acciones del personal sobre este negocio"
        />
      </div>
      {audit.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Cargar más
          </Button>
        </div>
      ) : null}
    </div>
  );
}
