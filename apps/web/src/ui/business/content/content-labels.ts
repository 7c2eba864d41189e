// Spanish labels and badge tones for the content families' statuses (SPEC §4); unknown values show as they come.
import type { BadgeTone } from '../../status-badge.tsx';

interface StatusLabel {
  label: string;
  tone: BadgeTone;
}

const PRODUCT: Record<string, StatusLabel> = {
  'in stock': { label: 'En existencia', tone: 'green' },
  'out of stock': { label: 'Agotado', tone: 'amber' },
  discontinued: { label: 'Descontinuado', tone: 'red' },
  'coming soon': { label: 'Próximamente', tone: 'blue' },
};

const EMPLOYEE: Record<string, StatusLabel> = {
  Active: { label: 'Activo', tone: 'green' },
  Inactive: { label: 'Inactivo', tone: 'slate' },
  Terminated: { label: 'Terminado', tone: 'red' },
  'On Leave': { label: 'De licencia', tone: 'amber' },
};

const EVENT: Record<string, StatusLabel> = {
  scheduled: { label: 'Programado', tone: 'blue' },
  completed: { label: 'Completado', tone: 'green' },
  cancelled: { label: 'Cancelado', tone: 'red' },
  postponed: { label: 'Pospuesto', tone: 'amber' },
};

const PRICE_TYPE: Record<string, string> = {
  fixed: 'Precio fijo',
  hourly: 'Por hora',
  per_person: 'Por persona',
  other: 'Otro',
};

const lookup = (table: Record<string, StatusLabel>, status: string | null | undefined): StatusLabel =>
  (status && table[status]) || { label: status || 'N/A', tone: 'slate' };

export const productStatus = (status: string | null | undefined) => lookup(PRODUCT, status);
export const employeeStatus = (status: string | null | undefined) => lookup(EMPLOYEE, status);
export const eventStatus = (status: string | null | undefined) => lookup(EVENT, status);
export const priceTypeLabel = (type: string | null | undefined) => (type ? (PRICE_TYPE[type] ?? type) : null);
