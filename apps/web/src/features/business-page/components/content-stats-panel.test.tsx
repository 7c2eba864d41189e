import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessContentStats } from '../../../api/business-page-api.ts';
import { ContentStatsPanel } from './content-stats-panel.tsx';

// A business with no content at all: every count 0, the averages absent and the revenue 0, as the
// stats calls answer for it.
const empty = {
  products: {
    total_products: 0,
    visible_products: 0,
    hidden_products: 0,
    in_stock_products: 0,
    out_of_stock_products: 0,
    average_price: null,
    price_ranges: {},
  },
  services: {
    total_services: 0,
    visible_services: 0,
    hidden_services: 0,
    average_min_price: null,
    average_max_price: null,
    total_capacity: 0,
    price_ranges: {},
  },
  employees: {
    total_employees: 0,
    active_employees: 0,
    inactive_employees: 0,
    visible_employees: 0,
    owner_employees: 0,
    average_employee_tenure_days: null,
  },
  events: {
    total_events: 0,
    upcoming_events: 0,
    past_events: 0,
    events_this_month: 0,
    average_event_price: null,
    total_revenue: 0,
  },
} as unknown as BusinessContentStats;

const factOf = (card: string, label: string) => {
  const section = screen.getByText(card).closest('section') ?? document.body;
  return within(section as HTMLElement).getByText(label).nextElementSibling?.textContent;
};

describe('ContentStatsPanel', () => {
  afterEach(cleanup);

  it("shows '—' for the money of a family with nothing in it, not '$0.00'", () => {
    render(<ContentStatsPanel stats={empty} />);
    expect(factOf('Estadísticas de eventos', 'Ingresos totales')).toBe('—');
    expect(factOf('Estadísticas de eventos', 'Precio promedio')).toBe('—');
    expect(factOf('Estadísticas de productos', 'Precio promedio')).toBe('—');
    expect(screen.queryByText('$0.00')).toBeNull();
  });

  it("shows '—' for an average no service has a price for, not '$0.00'", () => {
    const services = { ...empty.services, total_services: 2, average_min_price: null, average_max_price: 40 };
    render(<ContentStatsPanel stats={{ ...empty, services }} />);
    expect(factOf('Estadísticas de servicios', 'Precio mínimo promedio')).toBe('—');
    expect(factOf('Estadísticas de servicios', 'Precio máximo promedio')).toBe('$40.00');
  });
});
