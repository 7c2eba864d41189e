// The statistics SPEC §3 lists for each content family, with the price ranges as bar charts.

import { formatDollars } from '@portal/contract/money';
import type { BusinessContentStats } from '../../../api/business-page-api.ts';
import { formatTenure, tenureFromDays } from '../../../lib/tenure.ts';
import { PRODUCT_BUCKETS, PriceBucketsChart, SERVICE_BUCKETS } from './price-buckets-chart.tsx';
import { Fact, SectionCard } from './section-card.tsx';

const countFormat = new Intl.NumberFormat('es-PR');
const n = (value: number) => countFormat.format(value);
/** A sum or average of prices: '—' when there is nothing to add up ('$0.00' would read as free). */
const amountOf = (count: number, value: number | null | undefined) =>
  count > 0 && value != null ? formatDollars(value) : '—';

function Facts({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <Fact key={label} label={label}>
          <span className="font-semibold tabular-nums">{value}</span>
        </Fact>
      ))}
    </dl>
  );
}

export function ContentStatsPanel({ stats }: { stats: BusinessContentStats }) {
  const { products, services, employees, events } = stats;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <SectionCard title="Estadísticas de productos">
        <div className="space-y-5">
          <Facts
            items={[
              ['Total', n(products.total_products)],
              ['Visibles', n(products.visible_products)],
              ['Ocultos', n(products.hidden_products)],
              ['En inventario', n(products.in_stock_products)],
              ['Agotados', n(products.out_of_stock_products)],
              ['Precio promedio', amountOf(products.total_products, products.average_price)],
            ]}
          />
          <PriceBucketsChart
            title="Productos por rango de precio"
            buckets={PRODUCT_BUCKETS}
            counts={products.price_ranges}
          />
        </div>
      </SectionCard>
      <SectionCard title="Estadísticas de servicios">
        <div className="space-y-5">
          <Facts
            items={[
              ['Total', n(services.total_services)],
              ['Visibles', n(services.visible_services)],
              ['Ocultos', n(services.hidden_services)],
              ['Precio mínimo promedio', amountOf(services.total_services, services.average_min_price)],
              ['Precio máximo promedio', amountOf(services.total_services, services.average_max_price)],
              ['Capacidad total', n(services.total_capacity)],
            ]}
          />
          <PriceBucketsChart
            title="Servicios por precio inicial"
            buckets={SERVICE_BUCKETS}
            counts={services.price_ranges}
          />
        </div>
      </SectionCard>
      <SectionCard title="Estadísticas de empleados">
        <Facts
          items={[
            ['Total', n(employees.total_employees)],
            ['Activos', n(employees.active_employees)],
            ['Inactivos', n(employees.inactive_employees)],
            ['Visibles', n(employees.visible_employees)],
            ['Propietarios', n(employees.owner_employees)],
            ['Antigüedad promedio', formatTenure(tenureFromDays(employees.average_employee_tenure_days))],
          ]}
        />
      </SectionCard>
      <SectionCard title="Estadísticas de eventos">
        <Facts
          items={[
            ['Total', n(events.total_events)],
            ['Próximos', n(events.upcoming_events)],
            ['Pasados', n(events.past_events)],
            ['Este mes', n(events.events_this_month)],
            ['Precio promedio', amountOf(events.total_events, events.average_event_price)],
            ['Ingresos totales', amountOf(events.total_events, events.total_revenue)],
          ]}
        />
      </SectionCard>
    </div>
  );
}
