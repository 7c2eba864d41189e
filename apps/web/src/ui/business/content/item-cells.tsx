// Cells the four content tables share.
import { DESCRIPTION_MAX_LENGTH, truncate } from '../../../lib/truncate.ts';
import type { ResponsiveColumn } from '../../responsive-table.tsx';
import { type BadgeTone, StatusBadge } from '../../status-badge.tsx';

/** The item's name with its id under it. */
export function ItemName({ name, id }: { name: string; id: string | number }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{name}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        ID <span className="font-mono">{id}</span>
      </p>
    </div>
  );
}

/** A short description (SPEC §9); the whole text stays available as a tooltip when cut. */
export function Description({ text, max }: { text: string | null | undefined; max: number }) {
  const short = truncate(text, max);
  if (short === '') return <span className="text-slate-400">Sin descripción</span>;
  return (
    <span className="text-slate-700" title={short === text?.trim() ? undefined : (text ?? undefined)}>
      {short}
    </span>
  );
}

export function Status({ label, tone }: { label: string; tone: BadgeTone }) {
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

interface ItemColumns<T> {
  /** The name column's id and header ('Producto', 'Servicio', 'Evento'). */
  id: string;
  header: string;
  item: (row: T) => { name: string; id: string | number; description: string | null | undefined };
  max?: number;
}

/** The name and description columns the product, service and event tables open with. */
export function itemColumns<T>({
  id,
  header,
  item,
  max = DESCRIPTION_MAX_LENGTH,
}: ItemColumns<T>): ResponsiveColumn<T>[] {
  return [
    { id, header, className: 'min-w-48', cell: (row) => <ItemName {...item(row)} /> },
    {
      id: 'description',
      header: 'Descripción',
      className: 'min-w-64',
      cell: (row) => <Description text={item(row).description} max={max} />,
    },
  ];
}
