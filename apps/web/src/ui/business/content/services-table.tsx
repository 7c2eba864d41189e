import type { Service } from '../../../api/content-api.ts';
import { formatServicePrice } from '../../../lib/price-range.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { priceTypeLabel } from './content-labels.ts';
import { itemColumns } from './item-cells.tsx';

const capacityFormat = new Intl.NumberFormat('es-PR');

const columns: ResponsiveColumn<Service>[] = [
  ...itemColumns<Service>({
    id: 'name',
    header: 'Servicio',
    item: (s) => ({ name: s.service_name, id: s.service_id, description: s.service_description }),
  }),
  {
    id: 'category',
    header: 'Categoría',
    cell: (service) => service.service_category || 'N/A',
  },
  {
    id: 'capacity',
    header: 'Capacidad',
    className: 'tabular-nums',
    cell: (service) =>
      service.service_capacity === null ? 'N/A' : capacityFormat.format(service.service_capacity),
  },
  {
    id: 'price',
    header: 'Precio',
    className: 'whitespace-nowrap tabular-nums',
    cell: (service) => {
      const type = priceTypeLabel(service.service_price_type);
      return (
        <div>
          <p>
            {formatServicePrice(
              service.service_price_type,
              service.service_min_price,
              service.service_max_price,
            )}
          </p>
          {type ? <p className="text-xs text-slate-500">{type}</p> : null}
        </div>
      );
    },
  },
];

export function ServicesTable({ services }: { services: Service[] }) {
  return (
    <ResponsiveTable label="Servicios" columns={columns} rows={services} rowKey={(row) => row.service_id} />
  );
}
