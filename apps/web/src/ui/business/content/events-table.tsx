import { formatDollars } from '@portal/contract/money';
import type { BusinessEvent } from '../../../api/content-api.ts';
import { formatCalendarDate } from '../../../lib/calendar-date.ts';
import { EVENT_DESCRIPTION_MAX_LENGTH } from '../../../lib/truncate.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { eventStatus } from './content-labels.ts';
import { itemColumns, Status } from './item-cells.tsx';

const columns: ResponsiveColumn<BusinessEvent>[] = [
  ...itemColumns<BusinessEvent>({
    id: 'title',
    header: 'Evento',
    item: (e) => ({ name: e.event_title, id: e.event_id, description: e.event_description }),
    max: EVENT_DESCRIPTION_MAX_LENGTH,
  }),
  {
    id: 'status',
    header: 'Estado',
    cell: (event) => <Status {...eventStatus(event.event_status)} />,
  },
  {
    id: 'location',
    header: 'Ubicación',
    className: 'min-w-48',
    cell: (event) => event.event_location?.trim() || 'N/A',
  },
  {
    id: 'date',
    header: 'Fecha',
    className: 'whitespace-nowrap',
    cell: (event) => formatCalendarDate(event.event_date, event.event_time),
  },
  {
    id: 'price',
    header: 'Precio',
    className: 'whitespace-nowrap tabular-nums',
    cell: (event) => formatDollars(event.event_price),
  },
];

export function EventsTable({ events }: { events: BusinessEvent[] }) {
  return <ResponsiveTable label="Eventos" columns={columns} rows={events} rowKey={(row) => row.event_id} />;
}
