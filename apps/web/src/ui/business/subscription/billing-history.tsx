import { formatCents } from '@portal/contract/money';
import { providerLabel, tierLabel } from '@portal/contract/subscription-labels';
import type { BillingHistoryItem } from '../../../api/subscriptions-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { StatusBadge } from '../../status-badge.tsx';
import { billingStatus } from './subscription-labels.ts';

const columns: ResponsiveColumn<BillingHistoryItem>[] = [
  {
    id: 'date',
    header: 'Fecha',
    className: 'whitespace-nowrap',
    cell: (item) => formatDateTime(item.transaction_date),
  },
  {
    id: 'amount',
    header: 'Monto',
    className: 'whitespace-nowrap tabular-nums',
    cell: (item) => formatCents(item.amount, item.currency),
  },
  { id: 'currency', header: 'Moneda', cell: (item) => (item.currency || 'N/A').toUpperCase() },
  { id: 'provider', header: 'Proveedor', cell: (item) => providerLabel(item.provider) },
  { id: 'tier', header: 'Plan', cell: (item) => tierLabel(item.tier) },
  {
    id: 'status',
    header: 'Estado',
    cell: (item) => {
      const status = billingStatus(item.status);
      return <StatusBadge tone={status.tone}>{status.label}</StatusBadge>;
    },
  },
];

/** Every charge of the business, newest first as the server sends them. */
export function BillingHistory({ items, total }: { items: BillingHistoryItem[]; total: number }) {
  return (
    <section
      aria-labelledby="facturacion-titulo"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <h3 id="facturacion-titulo" className="text-base font-semibold text-slate-900">
          Historial de Facturación
        </h3>
        <p className="text-sm text-slate-600">
          {total > items.length
            ? `Mostrando ${formatCount(items.length)} de ${formatCount(total)}`
            : items.length === 1
              ? '1 transacción'
              : `${formatCount(items.length)} transacciones`}
        </p>
      </div>
      <ResponsiveTable
        label="Historial de Facturación"
        columns={columns}
        rows={items}
        rowKey={(row) => row.id}
      />
    </section>
  );
}
