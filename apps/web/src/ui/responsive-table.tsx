import type { ReactNode } from 'react';
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table.tsx';

export interface ResponsiveColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's table cells (width, alignment). */
  className?: string;
}

interface ResponsiveTableProps<T> {
  /** Names the table (a hidden caption) and the card list below 768 px. */
  label: string;
  columns: ResponsiveColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}

/** DESIGN §9 widths: a table from 768 px, cards below it (the first column heads each card). It draws no
 * outer border: it sits inside a card that does. */
export function ResponsiveTable<T>({ label, columns, rows, rowKey }: ResponsiveTableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{label}</caption>
          <TableHead>
            <tr>
              {columns.map((column) => (
                <TableHeaderCell key={column.id} className={column.className}>
                  {column.header}
                </TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.id} className={column.className}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </table>
      </div>
      <ul aria-label={label} className="divide-y divide-slate-100 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="space-y-3 px-4 py-4">
            {first ? <div className="text-sm text-slate-900">{first.cell(row)}</div> : null}
            <dl className="grid grid-cols-[minmax(6.5rem,auto)_1fr] gap-x-3 gap-y-2 text-sm">
              {rest.map((column) => (
                <div key={column.id} className="contents">
                  <dt className="text-slate-500">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
